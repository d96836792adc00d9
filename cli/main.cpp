/// battlecheck: a model checker for the Yu-Gi-Oh! Battle Phase. A thin CLI11
/// front: parse, dispatch to one command, map errors to exit codes
/// (0 all hold, 1 violation, 2 bad usage or input).
#include <charconv>
#include <cstdint>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "model/loaders/loader.hpp"

namespace {

/// "battlecheck check" when the error arose inside `check`, for the --help hint.
std::string command_path(const CLI::App* app) {
  std::string path = app->get_name();
  for (auto subs = app->get_subcommands(); !subs.empty(); subs = subs.front()->get_subcommands())
    path += " " + subs.front()->get_name();
  return path;
}

std::string failure(const CLI::App* app, const CLI::Error& e) {
  return "battlecheck: error: " + std::string(e.what()) + "\nRun '" + command_path(app) +
         " --help' for more information.\n";
}

/// Every count, bound, seed and index option takes a whole number >= 0 that
/// fits its type: CLI11 would wrap "-5" into a huge unsigned value and
/// saturate 2^64 to 2^64 - 1, so both are refused (exit 2), naming the range.
/// (A number past a narrower type's range is refused by CLI11 itself.)
void refuse_out_of_range_numbers(CLI::App& app) {
  const CLI::Validator in_range(
      [](std::string& value) -> std::string {
        const std::size_t first = value.find_first_not_of(" \t");
        if (first == std::string::npos) return {};
        if (value[first] == '-') return "a number >= 0 is required, not " + value;
        const std::size_t last = value.find_last_not_of(" \t");
        std::uint64_t n = 0;
        const char* end = value.data() + last + 1;
        const auto [ptr, ec] = std::from_chars(value.data() + first, end, n);
        if (ec == std::errc::result_out_of_range)
          return value + " is out of range: at most " + std::to_string(std::numeric_limits<std::uint64_t>::max());
        return {};
      },
      "", "in-range");
  for (CLI::Option* o : app.get_options())
    if (o->get_type_name() == "UINT" || o->get_type_name() == "INT") o->check(in_range);
  for (CLI::App* sub : app.get_subcommands({})) refuse_out_of_range_numbers(*sub);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace bc::cli;
  CLI::App app("battlecheck: exhaustive model checker for the Yu-Gi-Oh! Battle Phase rules", "battlecheck");
  app.set_version_flag("--version", "battlecheck " BC_VERSION, "Print the version and exit");
  app.require_subcommand(1);
  app.failure_message(failure);
  const std::vector<Command> commands = {add_check_command(app), add_replay_command(app),
                                         add_properties_command(app), add_rulesets_command(app),
                                         add_graph_command(app),
                                         add_contradictions_command(app),
                                         add_corpus_command(app),
                                         add_drive_command(app),
                                         add_import_command(app),
                                         add_ygopro_command(app),
                                         add_random_command(app),
                                         add_verify_trace_command(app),
                                         add_cards_command(app),
                                         add_coverage_command(app)};
  refuse_out_of_range_numbers(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11's own codes (105, 106, ...) become the project's usage code 2; --help stays 0.
    return app.exit(e) == 0 ? kExitOk : kExitBadInput;
  }
  try {
    for (const Command& c : commands)
      if (c.app->parsed()) return c.run();
  } catch (const bc::InputError& e) {
    std::cerr << "battlecheck: error: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "battlecheck: error: out of memory; bound the run (check: --max-states or --max-memory, "
                 "random: --runs/--max-steps, contradictions: --max-pairs)\n";
    return kExitBadInput;
  } catch (const std::exception& e) {
    // Anything else (a filesystem failure, out of memory): report, never crash.
    std::cerr << "battlecheck: error: " << e.what() << "\n";
    return kExitBadInput;
  }
  return kExitBadInput;
}
