/// bc-ygopro-host-{fluoro,edo}: record turn-1 Battle Phase duels on a real
/// ygopro core with real card scripts (README.md). Exit 0 on success, 2 on
/// bad input (spec, passcode, script, existing files) or an engine failure.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>

#include <CLI/CLI.hpp>

#include "examples/engines/ygopro/card_db.hpp"
#include "examples/engines/ygopro/duel_spec.hpp"
#include "examples/engines/ygopro/explore.hpp"
#include "examples/engines/ygopro/policy.hpp"
#include "examples/engines/ygopro/recording.hpp"
#include "examples/engines/ygopro/serve.hpp"
#include "trace/format/trace_json.hpp"
#include "model/toml/input_error.hpp"

namespace {

using namespace bc::host;

/// Command-line settings.
struct Args {
  std::string spec, scripts, cdb, out, name, responses, cards;
  std::size_t max_paths = 1, depth = 0;
  bool force = false, single_chain = false, quiet = false, serve = false, print_scenario = false;
};

std::vector<Response> read_responses(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw HostError(path + ": cannot read file (--responses)");
  std::vector<Response> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    Response r;
    if (!parse_response_line(line, r))
      throw HostError(path + ":" + std::to_string(n) + ": expected \"i32 N\" or \"bytes HEX\", got \"" + line + "\"");
    out.push_back(std::move(r));
  }
  return out;
}

std::string options_text(const Engine& e, const DuelOptions& o) {
  if (e.short_name() == "fluoro")
    return "create_duel_v2 seed {1..8}; start_duel(" + std::to_string(o.fluoro_rule) + " << 16 | 0x12); LP " +
           std::to_string(o.lp) + "; stop at MSG_NEW_TURN #" + std::to_string(o.stop_at_new_turn);
  return "OCG_CreateDuel seed {1,2,3,4}; DUEL_MODE_" + o.edo_mode + " | ATTACK_FIRST_TURN | PSEUDO_SHUFFLE" +
         (o.edo_single_chain ? " | SINGLE_CHAIN_IN_DAMAGE_SUBSTEP" : "") + "; LP " + std::to_string(o.lp) +
         "; stop at MSG_NEW_TURN #" + std::to_string(o.stop_at_new_turn);
}

int run(const Args& a) {
  auto engine = make_engine();
  DuelSpec spec = load_spec(a.spec);
  if (a.single_chain) spec.options.edo_single_chain = true;
  CardDb db;
  if (!a.cdb.empty()) db.load_cdb(a.cdb);
  ScriptTree scripts(a.scripts);
  if (scripts.find(engine->short_name() == "fluoro" ? "constant.lua" : "constant.lua").empty())
    throw HostError(a.scripts + ": no constant.lua there: not a script tree (--scripts)");
  Setup setup;
  setup.engine = engine.get();
  setup.options = spec.options;
  setup.db = &db;
  setup.scripts = &scripts;
  setup.cards = resolve_cards(spec, db, scripts);
  const std::string stem = (a.name.empty() ? spec.name : a.name);
  RecordingContext ctx{engine->long_name(), a.spec, a.scripts, a.cdb, options_text(*engine, spec.options), {}};
  for (const SpecCardData& c : spec.cards) {
    bool placed = false;
    for (const Placement& p : spec.placements) placed = placed || p.code == c.data.code;
    if (!placed) ctx.served_only.push_back(c.data.code);
  }

  if (a.serve || a.print_scenario) {
    // The importer reads the given cards file (one `battlecheck ygopro cards`
    // completed), else the host's own cards.json for this duel.
    bc::ygopro::CardFile file = a.cards.empty()
                                    ? bc::ygopro::parse_card_file(cards_json_text(stem, Run{}, setup.cards, db, ctx), "the host's cards.json")
                                    : bc::ygopro::load_card_file(a.cards);
    ServeSession session(setup, std::move(file));
    if (a.print_scenario) {
      std::cout << bc::scenario_to_json(session.default_scenario()).dump(1) << "\n";
      return 0;
    }
    return serve(session, std::cin, std::cout);
  }
  if (a.out.empty()) throw HostError("--out is required (the output folder)");
  if (!a.responses.empty()) {
    const auto given = read_responses(a.responses);
    check_free(a.out, stem, a.force);
    const PathRun r = run_duel(setup, {}, 0, &given);
    if (r.run.answers.size() > given.size() && !a.quiet)
      std::cerr << "note: " << a.responses << " ran out after " << given.size()
                << " responses; the policy's defaults answered the rest\n";
    write_recording(a.out, stem, r.run, setup.cards, db, ctx, a.force);
    if (!a.quiet) std::cout << stem << ": " << r.run.answers.size() << " responses, ended at " << r.run.end << "\n";
    return 0;
  }
  // Refuse before running anything when the first file is taken.
  check_free(a.out, stem + "-p000", a.force);
  bool complete = false;
  const auto t0 = std::chrono::steady_clock::now();
  const std::size_t n = explore(setup, a.depth, a.max_paths, complete, [&](std::size_t i, const PathRun& r) {
    char num[16];
    std::snprintf(num, sizeof num, "-p%03zu", i);
    write_recording(a.out, stem + num, r.run, setup.cards, db, ctx, a.force);
    if (!a.quiet) {
      std::cout << stem << num << ": " << r.run.answers.size() << " responses, end " << r.run.end;
      for (const std::string& c : r.run.choices) std::cout << "\n    " << c;
      for (const std::string& l : r.run.log) std::cout << "\n    core: " << l;
      std::cout << "\n";
    }
  });
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::cout << n << " path(s) recorded in " << a.out << (complete ? " (all paths to depth " : " (stopped at --max-paths; depth ")
            << a.depth << "), " << ms / static_cast<double>(n) << " ms per path\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  CLI::App app{"Record turn-1 Battle Phase duels on a ygopro core with real card scripts (battlecheck "
               "examples/engines/ygopro/README.md)"};
  app.add_option("--spec", a.spec, "the duel spec (TOML)")->required();
  app.add_option("--scripts", a.scripts, "the script tree (c<passcode>.lua, constant.lua, utility.lua)")->required();
  app.add_option("--cdb", a.cdb, "a ygopro cards.cdb (SQLite) with the cards' data");
  app.add_option("--out", a.out, "the output folder (required unless --serve or --print-scenario)");
  app.add_option("--name", a.name, "the run name stem (default: the spec's name)");
  app.add_option("--max-paths", a.max_paths, "at most this many paths (default 1)")->check(CLI::Range(1, 100000));
  app.add_option("--depth", a.depth, "branch at the first D branch points (default 0: the default policy only)");
  app.add_option("--responses", a.responses, "replay these responses (a responses.txt) exactly: one run");
  app.add_flag("--force", a.force, "overwrite existing recordings");
  app.add_flag("--single-chain", a.single_chain, "edo: add DUEL_SINGLE_CHAIN_IN_DAMAGE_SUBSTEP");
  app.add_flag("--quiet", a.quiet, "print only the summary");
  app.add_flag("--serve", a.serve, "speak battlecheck's engine protocol on stdin/stdout (docs/engine-protocol.md)");
  app.add_flag("--print-scenario", a.print_scenario,
               "print the battlecheck scenario the importer derives for this duel (the trace format's JSON scenario object), for drive --scenario FILE.json");
  app.add_option("--cards", a.cards, "--serve, --print-scenario: the cards file the importer reads (default: the host's own)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  try {
    return run(a);
  } catch (const HostError& e) {
    std::cerr << "error: " << e.what() << "\n";
  } catch (const bc::InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
  }
  return 2;
}
