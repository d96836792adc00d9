#include "counterexamples/report/report.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "trace/input/json_input.hpp"
#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kFormat = "battlecheck-counterexample";
constexpr int kVersion = 0;

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string ruleset_text(const RulesetRef& r) {
  if (r.origin == "mutant") return r.name + " (built-in mutant)";
  if (r.origin == "file") return r.name + " (file " + r.path + ")";
  return r.name + " (built-in)";
}

/// Where the violation shows: "step N", "the opening events" or "the end of the trace".
std::string where_text(const Run& run, int property) {
  const int at = run.first_violation(property);
  if (at == -1) return "the opening events";
  if (at >= 0 && at < static_cast<int>(run.steps.size())) return "step " + std::to_string(at + 1);
  if (at >= 0) return "the end of the trace";
  return "no step of this replay";
}

nlohmann::json ruleset_json(const RulesetRef& r) {
  nlohmann::json j = {{"name", r.name}, {"origin", r.origin}};
  if (r.origin == "file") {
    j["path"] = r.path;
    j["text"] = r.text;
  }
  return j;
}

// ---- reading ----

[[noreturn]] void bad(const std::string& path, const std::string& field, const std::string& what) {
  throw InputError(path + ": field '" + field + "': " + what);
}

const nlohmann::json& member(const nlohmann::json& j, const std::string& key, const std::string& path,
                             const std::string& field) {
  if (!j.is_object() || !j.contains(key)) bad(path, field, "missing");
  return j.at(key);
}

std::string string_member(const nlohmann::json& j, const std::string& key, const std::string& path,
                          const std::string& field) {
  const nlohmann::json& v = member(j, key, path, field);
  if (!v.is_string()) bad(path, field, "expected a string");
  return v.get<std::string>();
}

RulesetRef read_ruleset(const nlohmann::json& doc, const std::string& path) {
  const nlohmann::json& r = member(doc, "ruleset", path, "ruleset");
  RulesetRef ref;
  ref.name = string_member(r, "name", path, "ruleset.name");
  ref.origin = string_member(r, "origin", path, "ruleset.origin");
  if (ref.origin == "file") {
    ref.path = string_member(r, "path", path, "ruleset.path");
    ref.text = string_member(r, "text", path, "ruleset.text");
  } else if (ref.origin != "builtin" && ref.origin != "mutant") {
    bad(path, "ruleset.origin", "expected \"builtin\", \"mutant\" or \"file\", got \"" + ref.origin + "\"");
  }
  return ref;
}

std::vector<std::uint8_t> read_actions(const nlohmann::json& doc, const std::string& path) {
  const nlohmann::json& list = member(doc, "actions", path, "actions");
  if (!list.is_array()) bad(path, "actions", "expected an array");
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string field = "actions[" + std::to_string(i) + "].index";
    const nlohmann::json& v = member(list[i], "index", path, field);
    if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > 255)
      bad(path, field, "expected an integer 0..255");
    out.push_back(static_cast<std::uint8_t>(v.get<int>()));
  }
  return out;
}

std::vector<Event> read_events(const nlohmann::json& doc, const std::string& path) {
  std::vector<Event> out;
  if (!doc.contains("events")) return out;
  const nlohmann::json& list = doc.at("events");
  if (!list.is_array()) bad(path, "events", "expected an array");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string where = path + ": events[" + std::to_string(i) + "]";
    try {
      out.push_back(event_from_json(list[i], where));
    } catch (const nlohmann::json::exception& e) {
      throw InputError(where + ": " + e.what());
    }
  }
  return out;
}

Scenario read_scenario(const nlohmann::json& doc, const std::string& path) {
  const nlohmann::json& j = member(doc, "scenario", path, "scenario");
  try {
    return scenario_from_json(j, path + ": scenario");
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": field 'scenario': " + e.what());
  }
}

std::vector<std::string> read_narrative(const nlohmann::json& doc, const std::string& path) {
  std::vector<std::string> out;
  if (!doc.contains("narrative")) return out;
  const nlohmann::json& list = doc.at("narrative");
  if (!list.is_array()) bad(path, "narrative", "expected an array of strings");
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!list[i].is_string()) bad(path, "narrative[" + std::to_string(i) + "]", "expected a string");
    out.push_back(list[i].get<std::string>());
  }
  return out;
}

}  // namespace

std::string kind_name(PropertyKind k) {
  switch (k) {
    case PropertyKind::Always: return "always";
    case PropertyKind::Sometimes: return "sometimes";
    case PropertyKind::Eventually: return "eventually";
  }
  return "?";
}

std::string citations_text(const std::vector<Citation>& cites) {
  std::string text;
  for (const Citation& c : cites)
    text += (text.empty() ? "" : "; ") + std::string(c.source) + " §" + std::string(c.section);
  return text;
}

RulesetRef make_ruleset_ref(const std::string& ruleset, const std::string& mutant) {
  RulesetRef ref;
  if (!mutant.empty()) {
    ref.name = mutant;
    ref.origin = "mutant";
  } else if (ruleset.empty() || contains(builtin_ruleset_names(), ruleset)) {
    ref.name = ruleset.empty() ? "mr3" : ruleset;
    ref.origin = "builtin";
  } else if (contains(builtin_mutant_names(), ruleset)) {
    ref.name = ruleset;
    ref.origin = "mutant";
  } else {
    ref.origin = "file";
    ref.path = ruleset;
    ref.text = read_input_file(ruleset);
    ref.name = parse_ruleset(ref.text, ref.path).name;
  }
  return ref;
}

Ruleset load_ruleset_ref(const RulesetRef& ref) {
  if (ref.origin == "mutant") return load_mutant(ref.name);
  if (ref.origin == "file") return parse_ruleset(ref.text, ref.path);
  return load_ruleset(ref.name);
}

nlohmann::json counterexample_to_json(const Model& model, const RulesetRef& ruleset, int property,
                                      const Run& run) {
  const PropertyInfo& p = properties().at(property);
  nlohmann::json citations = nlohmann::json::array();
  for (const Citation& c : p.citations)
    citations.push_back({{"source", std::string(c.source)}, {"section", std::string(c.section)}});
  nlohmann::json actions = nlohmann::json::array();
  for (const ReplayStep& s : run.steps) actions.push_back({{"index", s.index}, {"description", s.description}});
  nlohmann::json events = nlohmann::json::array();
  for (const Event& e : run.all_events()) events.push_back(event_to_json(e));
  return {
      {"format", kFormat},
      {"version", kVersion},
      {"ruleset", ruleset_json(ruleset)},
      {"scenario", scenario_to_json(model.scenario())},
      {"property",
       {{"id", std::string(p.id)}, {"kind", kind_name(p.kind)}, {"statement", std::string(p.statement)},
        {"citations", citations}}},
      {"length", run.steps.size()},
      {"violated_at_step", run.first_violation(property) + 1},
      {"actions", actions},
      {"events", events},
      {"narrative", run.all_narrative()},
  };
}

std::string counterexample_to_text(const Model& model, const RulesetRef& ruleset, int property,
                                   const Run& run) {
  const PropertyInfo& p = properties().at(property);
  std::ostringstream out;
  out << "battlecheck counterexample\n"
      << "property:  " << p.id << " (" << kind_name(p.kind) << ")\n"
      << "statement: " << p.statement << "\n"
      << "citations: " << citations_text(p.citations) << "\n"
      << "ruleset:   " << ruleset_text(ruleset) << "\n"
      << "scenario:  " << model.scenario().name << "\n"
      << "length:    " << run.steps.size() << " actions; violated at " << where_text(run, property) << "\n\n";
  out << narrative_text(run, property);
  return out.str();
}

std::string narrative_text(const Run& run, int property) {
  const std::string id = property >= 0 ? std::string(properties().at(property).id) : "";
  const int at = property >= 0 ? run.first_violation(property) : -2;
  std::ostringstream out;
  for (const std::string& line : run.opening_narrative) out << "      " << line << "\n";
  if (at == -1) out << "      ^^^ violates " << id << "\n";
  for (std::size_t i = 0; i < run.steps.size(); ++i) {
    const ReplayStep& s = run.steps[i];
    for (std::size_t k = 0; k < s.narrative.size(); ++k) {
      std::string number = k == 0 ? std::to_string(i + 1) + "." : "";
      number.resize(5, ' ');
      out << number << " " << s.narrative[k] << "\n";
    }
    if (static_cast<int>(i) == at) out << "      ^^^ violates " << id << "\n";
  }
  if (at >= 0 && at == static_cast<int>(run.steps.size()))
    out << "      ^^^ the run ends here: violates " << id << "\n";
  return out.str();
}

std::string markup_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') ? ' ' : c;
    }
  }
  return out;
}

WriteResult write_file_atomic(const std::string& path, const std::string& content, bool force) {
  std::error_code ec;
  if (!force && fs::exists(path, ec))
    return {false, path + ": file exists (use --force to overwrite)"};
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return {false, tmp + ": cannot write: " + std::strerror(errno)};
    out << content;
    out.flush();
    if (!out) return {false, tmp + ": write failed: " + std::strerror(errno)};
  }
  if (!force) {
    // link() refuses to replace an existing file, so a file created since the
    // check above is still never overwritten.
    if (::link(tmp.c_str(), path.c_str()) == 0) {
      fs::remove(tmp, ec);
      return {};
    }
    if (errno == EEXIST) {
      fs::remove(tmp, ec);
      return {false, path + ": file exists (use --force to overwrite)"};
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return {false, path + ": cannot rename " + tmp + ": " + ec.message()};
  }
  return {};
}

namespace {

/// One part of a file stem: file-name safe, and at most 73 bytes (a long
/// part keeps 64 and a hash of the whole), so a stem plus ".json.tmp" stays
/// under the 255-byte NAME_MAX of common file systems.
std::string stem_part(const std::string& text) {
  std::string part = text;
  for (char& c : part)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) c = '_';
  constexpr std::size_t kKeep = 64;
  if (part.size() <= kKeep + 9) return part;
  std::uint32_t hash = 2166136261u;  // FNV-1a of the original text: distinct long names stay distinct
  for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", hash);
  return part.substr(0, kKeep) + "~" + hex;
}

}  // namespace

std::string counterexample_stem(const std::string& scenario, const std::string& ruleset,
                                const std::string& property) {
  return stem_part(scenario) + "." + stem_part(ruleset) + "." + stem_part(property);
}

WriteResult write_counterexample(const std::string& base, const Model& model, const RulesetRef& ruleset,
                                 int property, const Run& run, bool force) {
  const std::string json_path = base + ".json";
  const std::string text_path = base + ".txt";
  std::error_code ec;
  for (const std::string& path : {json_path, text_path})
    if (!force && fs::exists(path, ec)) return {false, path + ": file exists (use --force to overwrite)"};
  const std::string json = counterexample_to_json(model, ruleset, property, run).dump(2) + "\n";
  WriteResult r = write_file_atomic(json_path, json, force);
  if (!r.ok) return r;
  return write_file_atomic(text_path, counterexample_to_text(model, ruleset, property, run), force);
}

namespace {

/// The top-level keys counterexample_to_json writes: any other is a typo or
/// a file from another tool, refused rather than ignored.
constexpr std::array<std::string_view, 10> kTopLevelKeys = {"format",   "version",          "ruleset", "scenario",
                                                            "property", "length",           "actions", "events",
                                                            "narrative", "violated_at_step"};

CounterexampleRecord read_record(const nlohmann::json& doc, const std::string& path) {
  if (!doc.is_object()) bad(path, "(top level)", "expected a JSON object");
  for (const auto& [key, value] : doc.items())
    if (std::find(kTopLevelKeys.begin(), kTopLevelKeys.end(), key) == kTopLevelKeys.end())
      bad(path, brief_text(key, 60), "unknown top-level key (a counterexample file has only format, version, "
                                     "ruleset, scenario, property, length, violated_at_step, actions, events, "
                                     "narrative)");
  if (string_member(doc, "format", path, "format") != kFormat)
    bad(path, "format", "expected \"" + std::string(kFormat) + "\"");
  const nlohmann::json& version = member(doc, "version", path, "version");
  if (!version.is_number_integer() || version.get<std::int64_t>() != kVersion)
    bad(path, "version", "expected " + std::to_string(kVersion) + " (the only version this build reads)");
  CounterexampleRecord rec;
  rec.path = path;
  rec.ruleset = read_ruleset(doc, path);
  rec.scenario = read_scenario(doc, path);
  rec.property = string_member(member(doc, "property", path, "property"), "id", path, "property.id");
  if (property_index(rec.property) < 0)
    bad(path, "property.id", "unknown property \"" + brief_text(rec.property, 60) + "\"");
  rec.actions = read_actions(doc, path);
  rec.events = read_events(doc, path);
  for (Event& e : rec.events) annotate_effects(e, rec.scenario);
  rec.narrative = read_narrative(doc, path);
  return rec;
}

}  // namespace

CounterexampleRecord load_counterexample(const std::string& path) {
  const std::string text = read_input_file(path);
  const nlohmann::json doc = parse_json_or_throw(text, path);
  try {
    return read_record(doc, path);
  } catch (const InputError& e) {
    throw InputError(JsonLines(text).with_line(e.what(), path));  // name the field's line
  }
}

}  // namespace bc
