// docs/trace-format.schema.json (draft 2020-12) accepts the project's own
// traces (v1 header with omits, events, card names, offered records) and
// refuses a bad record. Validated with python3-jsonschema (ci/setup).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"
#include "model/rules/model.hpp"

namespace bc {
namespace {

/// Validate each line of `path`: 0 all valid, 1 some invalid, other = no validator.
int validate(const std::string& path) {
  const std::string script =
      "import json,sys,jsonschema\n"
      "s=json.load(open(sys.argv[1]))\n"
      "jsonschema.Draft202012Validator.check_schema(s)\n"
      "h=jsonschema.Draft202012Validator({**s,'$ref':'#/$defs/header'})\n"
      "r=jsonschema.Draft202012Validator({**s,'$ref':'#/$defs/record'})\n"
      "bad=0\n"
      "for i,l in enumerate(open(sys.argv[2])):\n"
      "  e=list((h if i==0 else r).iter_errors(json.loads(l)))\n"
      "  if e: bad=1; print(i+1, e[0].message)\n"
      "sys.exit(bad)\n";
  const std::string py = (std::filesystem::temp_directory_path() / "bc_schema_check.py").string();
  std::ofstream(py) << script;
  const std::string cmd = "python3 " + py + " " + BC_SOURCE_DIR + "/docs/trace-format.schema.json " + path;
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool have_validator() { return std::system("python3 -c 'import jsonschema' 2>/dev/null") == 0; }

TEST(TraceSchema, AcceptsTheProjectsTracesAndRefusesABadRecord) {
  if (!have_validator()) GTEST_SKIP() << "python3-jsonschema missing (ci/setup installs it)";
  const Ruleset rules = load_ruleset("mr3");
  const Model m(default_scenario(), rules);
  TraceHeader h;
  h.ruleset = "mr3";
  h.scenario = default_scenario();
  h.omits = event_bit(EventType::Priority);
  std::vector<TraceRecord> records;
  EventBuffer b;
  State s = m.initial(b);
  ActionList l;
  std::uint32_t seed = 6;
  for (;;) {
    for (const Event& e : b) {
      TraceRecord r;
      r.event = e;
      if (e.type == EventType::Activate) r.card_name = "Real Card";
      if (e.type != EventType::Priority) records.push_back(r);
    }
    if (Model::is_terminal(s)) break;
    m.actions(s, l);
    TraceRecord offer;
    offer.kind = RecordKind::Offered;
    offer.offered.player = s.priority;
    offer.offered.has_timing = true;
    offer.offered.timing = s.timing;
    offer.offered.actions = l;
    records.push_back(offer);
    seed = seed * 1103515245u + 12345u;
    b.clear();
    s = m.next(s, l[(seed >> 16) % l.size()], b);
  }
  const std::string path = (std::filesystem::temp_directory_path() / "bc_schema_trace.jsonl").string();
  std::ofstream(path) << write_trace(h, records);
  EXPECT_EQ(validate(path), 0);
  std::ofstream(path, std::ios::app) << "{\"event\":\"priority\",\"colour\":\"blue\"}\n";
  EXPECT_EQ(validate(path), 1);
}

}  // namespace
}  // namespace bc
