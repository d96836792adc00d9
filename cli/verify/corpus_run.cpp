/// `battlecheck corpus run DIR`: every case of a corpus checked as its index says.
#include "cli/verify/corpus_run.hpp"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <thread>

#include "cli/common/common.hpp"
#include "trace/input/json_input.hpp"

namespace bc::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

[[noreturn]] void bad(const std::string& path, const std::string& field, const std::string& what) {
  throw InputError(path + ": field '" + field + "': " + what);
}

const json& member(const json& obj, const std::string& key, const std::string& path, const std::string& field) {
  if (!obj.is_object()) bad(path, field.substr(0, field.rfind('.')), "expected a JSON object");
  const auto it = obj.find(key);
  if (it == obj.end()) bad(path, field, "missing");
  return *it;
}

std::string string_member(const json& obj, const std::string& key, const std::string& path, const std::string& field) {
  const json& v = member(obj, key, path, field);
  if (!v.is_string() || v.get<std::string>().empty()) bad(path, field, "expected a non-empty string, got " + brief(v));
  return v.get<std::string>();
}

/// A file named by the index: relative, inside DIR.
std::string inside(const std::string& dir, const std::string& rel, const std::string& path, const std::string& field) {
  const fs::path p(rel);
  if (p.is_absolute() || std::any_of(p.begin(), p.end(), [](const fs::path& part) { return part == ".."; }))
    bad(path, field, "expected a path inside the corpus directory, got " + brief_quote(rel));
  return (fs::path(dir) / p).string();
}

/// Reads `text` (already parsed as `doc`) with `read`; an InputError gets the field's line.
template <typename F>
auto with_lines(const std::string& text, const std::string& path, F read) {
  try {
    return read();
  } catch (const InputError& e) {
    throw InputError(JsonLines(text).with_line(e.what(), path));
  }
}

/// The refusal of a negative case from its verdict file.
void read_refusal(const std::string& path, CorpusRunCase& c) {
  const std::string text = read_input_file(path);
  const json doc = parse_json_or_throw(text, path);
  with_lines(text, path, [&] {
    if (!doc.is_object()) bad(path, "(top level)", "expected a JSON object");
    if (string_member(doc, "format", path, "format") != "battlecheck-corpus-case")
      bad(path, "format", "expected \"battlecheck-corpus-case\"");
    const std::string polarity = string_member(doc, "polarity", path, "polarity");
    if (polarity != (c.negative ? "negative" : "positive"))
      bad(path, "polarity", "\"" + brief_text(polarity) + "\" but the index says " + (c.negative ? "negative" : "positive"));
    const json& actions = member(doc, "actions", path, "actions");
    if (!actions.is_array()) bad(path, "actions", "expected an array");
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const json& index = member(actions[i], "index", path, "actions[" + std::to_string(i) + "].index");
      if (!index.is_number_unsigned() || index.get<std::uint64_t>() > 255)
        bad(path, "actions[" + std::to_string(i) + "].index", "expected an action index 0..255, got " + brief(index));
      c.actions.push_back(index.get<std::uint32_t>());
    }
    if (!c.negative) return 0;
    const json& r = member(doc, "refusal", path, "refusal");
    const json& line = member(r, "line", path, "refusal.line");
    if (!line.is_number_unsigned() || line.get<std::uint64_t>() < 2)
      bad(path, "refusal.line", "expected a line number >= 2 (line 1 is the header), got " + brief(line));
    c.refusal_line = line.get<std::size_t>();
    c.rule = string_member(r, "rule", path, "refusal.rule");
    if (c.rule != "permission" && c.rule != "one_chain" && c.rule != "mutant")
      bad(path, "refusal.rule", "expected permission, one_chain or mutant, got " + brief_quote(c.rule));
    c.rule_name = string_member(r, "rule_name", path, "refusal.rule_name");
    if (const auto it = r.find("card_name"); it != r.end() && it->is_string()) c.card_name = it->get<std::string>();
    if (const auto it = r.find("action_legal"); it != r.end() && it->is_boolean()) c.action_legal = it->get<bool>();
    if (const auto it = r.find("action_index"); it != r.end() && it->is_number_unsigned() && it->get<std::uint64_t>() < 256)
      c.action_index = it->get<int>();
    return 0;
  });
}

/// Whether one of the divergence's rules names the case's rule.
bool names_rule(const CorpusRunCase& c, const Divergence& d) {
  if (c.rule == "mutant") return true;  // a mutant is a set of changes: the refused line is what it rests on
  const std::string prefix = c.rule == "permission" ? "permission of " + c.rule_name + ":" : "knob " + c.rule_name + " ";
  return std::any_of(d.rules.begin(), d.rules.end(), [&](const std::string& r) { return r.rfind(prefix, 0) == 0; });
}

}  // namespace

std::string expectation(const CorpusRunCase& c) {
  if (!c.negative) return "holds";
  return "refused at line " + std::to_string(c.refusal_line) + " (" + c.rule + " " + c.rule_name +
         (c.card_name.empty() ? "" : ", " + c.card_name) + ")";
}

namespace {

std::vector<CorpusRunResult> check_all(const std::vector<CorpusRunCase>& cases, int jobs_opt, const CaseCheck& check) {
  std::vector<CorpusRunResult> out(cases.size());
  if (check) {
    for (std::size_t i = 0; i < cases.size(); ++i) out[i] = check(cases[i]);
    return out;
  }
  const VerifyOptions vopts;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t jobs = std::max<std::size_t>(
      1, std::min<std::size_t>(jobs_opt > 0 ? static_cast<std::size_t>(jobs_opt) : cores, cases.size()));
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < cases.size(); i = next++) out[i] = judge_case(cases[i], verify_one(cases[i].trace, vopts));
  };
  std::vector<std::thread> threads;
  for (std::size_t t = 1; t < jobs; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  return out;
}

std::string junit(const std::vector<CorpusRunResult>& results) {
  int failures = 0;
  double seconds = 0;
  for (const CorpusRunResult& r : results) {
    failures += !r.pass;
    seconds += r.verdict.seconds;
  }
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
      << "  <testsuite name=\"battlecheck corpus\" tests=\"" << results.size() << "\" failures=\"" << failures
      << "\" errors=\"0\" time=\"" << seconds << "\">\n";
  for (const CorpusRunResult& r : results) {
    out << "    <testcase classname=\"battlecheck.corpus." << (r.expect.negative ? "negative" : "positive")
        << "\" name=\"" << xml_text(r.expect.id) << "\" time=\"" << r.verdict.seconds << "\">";
    if (!r.pass)
      out << "\n      <failure message=\"" << xml_text(r.detail) << "\" type=\"corpus\">" << xml_text(r.detail) << "\n"
          << xml_text(r.body.empty() ? verdict_body(r.verdict) : r.body) << "</failure>\n    ";
    out << "</testcase>\n";
  }
  out << "  </testsuite>\n</testsuites>\n";
  return out.str();
}

}  // namespace

std::vector<CorpusRunCase> read_corpus_index(const std::string& dir) {
  const std::string path = (fs::path(dir) / "index.json").string();
  const std::string text = read_input_file(path);
  const json doc = parse_json_or_throw(text, path);
  std::vector<CorpusRunCase> cases = with_lines(text, path, [&] {
    if (!doc.is_object()) bad(path, "(top level)", "expected a JSON object");
    if (string_member(doc, "format", path, "format") != "battlecheck-corpus")
      bad(path, "format", "expected \"battlecheck-corpus\"");
    const json& list = member(doc, "cases", path, "cases");
    if (!list.is_array()) bad(path, "cases", "expected an array");
    std::vector<CorpusRunCase> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string at = "cases[" + std::to_string(i) + "]";
      CorpusRunCase c;
      c.id = string_member(list[i], "id", path, at + ".id");
      for (const CorpusRunCase& seen : out)
        if (seen.id == c.id) bad(path, at + ".id", "case " + brief_quote(c.id) + " is listed twice");
      const std::string polarity = string_member(list[i], "polarity", path, at + ".polarity");
      if (polarity != "positive" && polarity != "negative")
        bad(path, at + ".polarity", "expected \"positive\" or \"negative\", got " + brief_quote(polarity));
      c.negative = polarity == "negative";
      c.trace = inside(dir, string_member(list[i], "trace", path, at + ".trace"), path, at + ".trace");
      c.expected = inside(dir, string_member(list[i], "expected", path, at + ".expected"), path, at + ".expected");
      out.push_back(std::move(c));
    }
    return out;
  });
  for (CorpusRunCase& c : cases) read_refusal(c.expected, c);
  return cases;
}

CorpusRunResult judge_case(const CorpusRunCase& c, TraceVerdict v) {
  CorpusRunResult r;
  r.expect = c;
  const ConformanceResult& res = v.result;
  const Divergence& d = res.divergence;
  if (v.exit_code == 2) {
    r.detail = "unreadable: " + v.error;
  } else if (!c.negative) {
    r.pass = v.exit_code == 0 && res.complete;
    r.detail = r.pass ? "holds"
               : !res.conforms() ? "refused at line " + std::to_string(d.line) + ", expected to hold"
               : !res.complete   ? "the trace does not end the Battle Phase"
                                 : "a property is violated";
  } else if (res.conforms()) {
    r.detail = "accepted, expected " + expectation(c);
  } else if (d.kind != DivergenceKind::Event || d.line != c.refusal_line) {
    r.detail = "refused at line " + std::to_string(d.line) + ", expected " + expectation(c);
  } else if (!names_rule(c, d)) {
    r.detail = "refused at line " + std::to_string(d.line) + " but not for its rule, expected " + expectation(c);
  } else {
    r.pass = true;
    r.detail = expectation(c);
  }
  r.verdict = std::move(v);
  return r;
}

int run_corpus_suite(const CorpusRunOptions& opts, const CaseCheck& check) {
  if (!opts.junit.empty() && !opts.force && fs::exists(opts.junit)) {
    std::cerr << "battlecheck: error: " << opts.junit << ": exists; use --force to overwrite\n";
    return kExitBadInput;
  }
  const std::vector<CorpusRunCase> cases = read_corpus_index(opts.dir);
  const std::vector<CorpusRunResult> results = check_all(cases, opts.jobs, check);
  int pass[2] = {0, 0}, total[2] = {0, 0};
  bool unreadable = false;
  for (const CorpusRunResult& r : results) {
    ++total[r.expect.negative];
    pass[r.expect.negative] += r.pass;
    unreadable = unreadable || r.verdict.exit_code == 2;
  }
  const int failed = total[0] + total[1] - pass[0] - pass[1];
  const int code = unreadable ? kExitBadInput : failed > 0 ? kExitViolation : kExitOk;
  if (opts.json) {
    json list = json::array();
    for (const CorpusRunResult& r : results) {
      json j = {{"id", r.expect.id}, {"polarity", r.expect.negative ? "negative" : "positive"},
                {"pass", r.pass}, {"detail", r.detail}, {"trace", r.expect.trace}};
      if (r.expect.negative) j["refusal_line"] = r.expect.refusal_line;
      if (!r.verdict.result.conforms()) j["refused_line"] = r.verdict.result.divergence.line;
      list.push_back(j);
    }
    std::cout << json{{"format", "battlecheck-corpus-run"}, {"dir", opts.dir}, {"cases", list},
                      {"summary", {{"cases", results.size()}, {"pass", pass[0] + pass[1]}, {"fail", failed},
                                   {"positive", total[0]}, {"negative", total[1]}}},
                      {"exit_code", code}}.dump(2)
              << "\n";
  } else {
    for (const CorpusRunResult& r : results)
      std::cout << (r.pass ? "PASS " : "FAIL ") << r.expect.id << ": " << r.detail << "\n";
    std::cout << results.size() << " case(s): " << pass[0] + pass[1] << " pass, " << failed << " fail (positive "
              << pass[0] << "/" << total[0] << " hold, negative " << pass[1] << "/" << total[1]
              << " refused as expected)\n";
  }
  for (const CorpusRunResult& r : results)
    if (r.verdict.exit_code == 2) std::cerr << "battlecheck: error: " << r.verdict.error << "\n";
  if (!opts.junit.empty()) {
    const WriteResult w = write_file_atomic(opts.junit, junit(results), opts.force);
    if (!w.ok) {
      std::cerr << "battlecheck: error: " << w.error << "\n";
      return kExitBadInput;
    }
  }
  return code;
}

}  // namespace bc::cli
