// Ruleset files (docs/rulesets.md): knobs and permissions with their
// citations, `extends` inheritance, built-in rulesets and mutants.
#include "model/rulesets/ruleset_loader.hpp"

#include <algorithm>
#include <filesystem>
#include <regex>

#include "model/embed/embedded.hpp"
#include "model/rulesets/ruleset_source.hpp"
#include "model/toml/toml_input.hpp"

namespace bc {
namespace {

namespace fs = std::filesystem;
using input::Reader;

/// A ruleset text to parse, with where it came from.
struct RulesetSource {
  std::string id;      ///< identity for cycle detection: "builtin:NAME" or a canonical path
  std::string origin;  ///< shown in errors
  std::string text;
};

std::vector<std::string> knob_names() {
  std::vector<std::string> out;
  for (int i = 0; i < kKnobCount; ++i) out.emplace_back(knob_spec(static_cast<Knob>(i)).name);
  return out;
}

std::vector<std::string> kind_names() {
  std::vector<std::string> out;
  for (int i = 0; i < kEffectKindCount; ++i) out.emplace_back(name(static_cast<EffectKind>(i)));
  return out;
}

/// Timings at which an activation can be permitted: the Battle Phase windows.
bool battle_phase_timing(Timing t) { return t != Timing::MainPhase1 && t != Timing::MainPhase2 && t != Timing::EndPhase; }

std::vector<std::string> timing_names() {
  std::vector<std::string> out;
  for (int i = 0; i < kTimingCount; ++i)
    if (battle_phase_timing(static_cast<Timing>(i))) out.emplace_back(name(static_cast<Timing>(i)));
  return out;
}

std::vector<std::string> value_names(Knob k) {
  std::vector<std::string> out;
  for (const auto v : knob_spec(k).values)
    if (!v.empty()) out.push_back(is_bool_knob(k) ? std::string(v) : input::toml_quote(v));
  return out;
}

bool is_mutant_name(std::string_view n) {
  const auto& m = embedded::mutants();
  return std::any_of(m.begin(), m.end(), [&](const auto& e) { return e.first == n; });
}

std::optional<RulesetSource> builtin_source(std::string_view n) {
  const std::string_view text = builtin_ruleset_text(n);
  if (text.empty()) return std::nullopt;
  const std::string dir = is_mutant_name(n) ? "model/rulesets/mutants/" : "model/rulesets/";
  return RulesetSource{"builtin:" + std::string(n), dir + std::string(n) + ".toml", std::string(text)};
}

std::string builtin_list() {
  return "built-in rulesets: " + input::one_of(builtin_ruleset_names()) +
         "; mutants: " + input::one_of(builtin_mutant_names());
}

RulesetSource file_source(const std::string& path) {
  std::error_code ec;
  const fs::path canon = fs::weakly_canonical(path, ec);
  return RulesetSource{ec ? path : canon.string(), path, input::read_file(path)};
}

/// Citations must look like "S2 §FAQ 14/03/26" (source id, space, section).
Provenance read_provenance(const Reader& rd, const toml::table& t, const std::string& field) {
  static const std::regex kCitation(R"(^S[0-9]+ §.+)");
  Provenance p;
  if (auto sources = rd.get_strings(t, "sources", field + ".sources")) {
    for (std::size_t i = 0; i < sources->size(); ++i) {
      const auto& [text, line] = (*sources)[i];
      if (!std::regex_search(text, kCitation))
        rd.fail(line, field + ".sources[" + std::to_string(i) + "]",
                "must cite a source as \"S<id> §<section>\" (e.g. \"S2 §FAQ 14/03/26\"), got " + brief_quote(text));
      p.sources.push_back(text);
    }
  }
  if (auto note = rd.get_string(t, "note", field + ".note")) p.note = *note;
  return p;
}

/// Parses a ruleset; `chain` holds the ids of the files that extend it (cycle check).
class RulesetParser {
 public:
  RulesetParser(const RulesetSource& src, std::vector<std::string> chain)
      : src_(src), rd_(src.origin), chain_(std::move(chain)) {
    chain_.push_back(src.id);
  }

  Ruleset run() {
    const toml::table doc = rd_.parse(src_.text);
    rd_.only_keys(doc, "", {"name", "description", "extends", "mutant_of", "expect_violation",
                            "max_counterexample_length", "scenario", "knobs", "permissions", "source",
                            "unspecified", "claims", "disputes"});
    read_parent(doc);
    source_input::read_source_id(rd_, doc, r_);
    if (r_.is_source()) r_.disputes.clear();  // a source is checked against every other source's claims
    read_disputes(doc);
    if (!r_.is_source()) source_input::reject_source_keys(rd_, doc);
    r_.name = rd_.get_string(doc, "name", "name").value_or(input::file_stem(src_.origin));
    if (r_.name.empty()) rd_.fail(*doc.get("name"), "name", "must not be empty");
    r_.description = rd_.get_string(doc, "description", "description").value_or("");
    read_mutant_fields(doc);
    if (const auto* knobs = rd_.get_table(doc, "knobs", "knobs")) read_knobs(*knobs);
    if (const auto* perms = rd_.get_table(doc, "permissions", "permissions")) read_permissions(*perms);
    if (r_.extends.empty()) check_complete(doc);
    if (r_.is_source()) read_source_parts(doc);
    return r_;
  }

 private:
  /// `[[disputes]]`: property ids the ruleset contradicts on purpose, each with
  /// the sections it follows instead.
  void read_disputes(const toml::table& doc) {
    const toml::array* list = rd_.get_table_array(doc, "disputes", "disputes");
    if (list == nullptr) return;
    static const std::regex kId(R"(^[a-z][a-z0-9_]*$)");
    for (std::size_t i = 0; i < list->size(); ++i) {
      const toml::table& t = *list->get(i)->as_table();
      const std::string f = "disputes[" + std::to_string(i) + "]";
      rd_.only_keys(t, f + ".", {"property", "sources", "note"});
      Dispute d;
      d.property = rd_.need_string(t, "property", f + ".property");
      if (!std::regex_match(d.property, kId))
        rd_.fail(*t.get("property"), f + ".property", "must be a property id (snake_case), got " + brief_quote(d.property));
      d.provenance = read_provenance(rd_, t, f);
      if (d.provenance.sources.empty())
        rd_.fail(*t.get("property"), f + ".sources", "missing: cite the sections the ruleset follows instead");
      for (const Dispute& o : r_.disputes)
        if (o.property == d.property)
          rd_.fail(*t.get("property"), f + ".property", "property " + brief_quote(d.property) + " is disputed twice");
      r_.disputes.push_back(std::move(d));
    }
  }

  void read_parent(const toml::table& doc) {
    const auto parent = rd_.get_string(doc, "extends", "extends");
    if (!parent) return;
    const int line = input::line_of(doc.get("extends")->source());
    if (parent->empty()) rd_.fail(line, "extends", "must name a ruleset (e.g. \"mr3\")");
    const RulesetSource src = resolve(*parent, line);
    if (std::find(chain_.begin(), chain_.end(), src.id) != chain_.end()) {
      std::string cycle;
      for (const auto& id : chain_) cycle += id + " -> ";
      rd_.fail(line, "extends", "cycle: " + cycle + src.id);
    }
    r_ = RulesetParser(src, chain_).run();
    r_.extends = *parent;
    r_.mutant_of.clear();
    r_.expect_violation.clear();
    r_.max_counterexample_length = 0;
    r_.scenario.clear();
    inherited_ = true;
  }

  /// A built-in name, else a file path relative to this file's folder.
  RulesetSource resolve(const std::string& parent, int line) const {
    if (auto b = builtin_source(parent)) return *b;
    const bool from_file = src_.id.rfind("builtin:", 0) != 0;
    if (from_file) {
      const fs::path base = fs::path(src_.origin).parent_path();
      for (const fs::path& p : {base / parent, base / (parent + ".toml")}) {
        std::error_code ec;
        if (fs::is_regular_file(p, ec)) return file_source(p.string());
      }
    }
    rd_.fail(line, "extends",
             "unknown ruleset " + brief_quote(parent) + ": not built in (" + builtin_list() +
                 ")" + (from_file ? " and no such file next to " + src_.origin : ""));
  }

  /// [unspecified], [[claims]] and the every-entry-accounted-for check of a source ruleset.
  void read_source_parts(const toml::table& doc) {
    const source_input::SetInFile set{knob_set_, permission_set_};
    const source_input::SetInFile listed = source_input::read_unspecified(rd_, doc, set, r_);
    source_input::read_claims(rd_, doc, r_);
    if (doc.contains("source")) source_input::check_accounted(rd_, doc, set, listed, r_);
  }

  /// Shared part of a knob or permission entry in a source ruleset: own
  /// citations required; marks it specified; reads its `other_reading`.
  template <typename ReadOther>
  std::optional<OtherReading> source_entry(const toml::table* entry, const toml::node& node, const std::string& field,
                                           const Provenance& p, ReadOther read_other) const {
    if (!r_.is_source()) {
      if (entry != nullptr && entry->contains("other_reading"))
        rd_.fail(*entry->get("other_reading"), field + ".other_reading",
                 "only a source ruleset (with `source = \"S<id>\"`) records a second reading");
      return std::nullopt;
    }
    if (entry == nullptr)
      rd_.fail(node, field, "a source ruleset writes each entry as a table with its `sources` (the section that states it)");
    source_input::check_own_citations(rd_, r_, node, field, p);
    const toml::node* other = entry->get("other_reading");
    if (other == nullptr) return std::nullopt;
    const toml::table* t = other->as_table();
    if (t == nullptr) rd_.fail(*other, field + ".other_reading", "must be a table, got " + input::show(*other));
    OtherReading o;
    read_other(*t, field + ".other_reading", o);
    o.provenance = read_provenance(rd_, *t, field + ".other_reading");
    source_input::check_own_citations(rd_, r_, *other, field + ".other_reading", o.provenance);
    return o;
  }

  void read_mutant_fields(const toml::table& doc) {
    r_.mutant_of = rd_.get_string(doc, "mutant_of", "mutant_of").value_or("");
    r_.expect_violation = rd_.get_string(doc, "expect_violation", "expect_violation").value_or("");
    r_.scenario = rd_.get_string(doc, "scenario", "scenario").value_or("");
    if (auto len = rd_.get_int(doc, "max_counterexample_length", "max_counterexample_length")) {
      if (*len < 1 || *len > 1000)
        rd_.fail(*doc.get("max_counterexample_length"), "max_counterexample_length",
                 "must be between 1 and 1000, got " + std::to_string(*len));
      r_.max_counterexample_length = static_cast<int>(*len);
    }
    if (!r_.scenario.empty() && (r_.scenario.find('/') != std::string::npos || !r_.scenario.ends_with(".toml")))
      rd_.fail(*doc.get("scenario"), "scenario",
               "must be a file name in scenarios/ ending in .toml, got " + brief_quote(r_.scenario));
    if (r_.mutant_of.empty()) return;
    const int line = input::line_of(doc.get("mutant_of")->source());
    if (r_.expect_violation.empty())
      rd_.fail(line, "expect_violation", "missing: a mutant must name the property that catches it");
    if (r_.max_counterexample_length == 0)
      rd_.fail(line, "max_counterexample_length", "missing: a mutant must bound its counterexample length");
  }

  void read_knobs(const toml::table& knobs) {
    for (const auto& [key, node] : knobs) {
      const std::string field = "knobs." + std::string(key.str());
      const auto knob = parse_knob(key.str());
      if (!knob) {
        const std::string near = input::closest(key.str(), knob_names());
        rd_.fail(input::line_of(key.source()), field,
                 "unknown knob" + (near.empty() ? std::string() : " (did you mean " + near + "?)") +
                     "; the knobs are listed in docs/rulesets.md");
      }
      const int k = static_cast<int>(*knob);
      const toml::node* value = &node;
      if (const auto* entry = node.as_table()) {
        rd_.only_keys(*entry, field + ".", {"value", "sources", "note", "other_reading"});
        value = entry->get("value");
        if (value == nullptr) rd_.fail(*entry, field + ".value", "missing");
        r_.knob_sources[k] = read_provenance(rd_, *entry, field);
      } else {
        r_.knob_sources[k] = {};
      }
      r_.knobs[k] = knob_value(*knob, *value, field + (node.is_table() ? ".value" : ""));
      knob_set_[k] = true;
      r_.knob_other[k] = source_entry(node.as_table(), node, field, r_.knob_sources[k],
                                      [&](const toml::table& t, const std::string& f, OtherReading& o) {
                                        rd_.only_keys(t, f + ".", {"value", "sources", "note"});
                                        if (!t.contains("value")) rd_.fail(t, f + ".value", "missing");
                                        o.value = knob_value(*knob, *t.get("value"), f + ".value");
                                        if (o.value == r_.knobs[k]) rd_.fail(t, f + ".value", "equals the main value");
                                      });
      r_.knob_specified[k] = true;
    }
  }

  std::uint8_t knob_value(Knob k, const toml::node& v, const std::string& field) const {
    const auto& names = knob_spec(k).values;
    if (is_bool_knob(k)) {
      if (const auto* b = v.as_boolean()) return b->get() ? 1 : 0;
      rd_.fail(v, field, "must be true or false, got " + input::show(v));
    }
    if (const auto* s = v.as_string()) {
      for (int i = 0; i < knob_value_count(k); ++i)
        if (names[i] == s->get()) return static_cast<std::uint8_t>(i);
    }
    rd_.fail(v, field, "must be " + input::one_of(value_names(k)) + ", got " + input::show(v));
  }

  void read_permissions(const toml::table& perms) {
    for (const auto& [key, node] : perms) {
      const std::string field = "permissions." + std::string(key.str());
      const auto kind = parse_kind(key.str());
      if (!kind) {
        const std::string near = input::closest(key.str(), kind_names());
        rd_.fail(input::line_of(key.source()), field,
                 "unknown effect kind" + (near.empty() ? std::string() : " (did you mean " + near + "?)") +
                     "; effect kinds: " + input::one_of(kind_names()));
      }
      read_permission(static_cast<int>(*kind), node, field);
    }
  }

  void read_permission(int k, const toml::node& node, const std::string& field) {
    std::optional<TimingMask> timings, add, remove;
    const toml::table* entry = node.as_table();
    if (entry == nullptr) {
      if (!node.is_array()) rd_.fail(node, field, "must be a table or an array of timings, got " + input::show(node));
      timings = read_timings(&node, field);
    } else {
      rd_.only_keys(*entry, field + ".", {"timings", "add_timings", "remove_timings", "sources", "note", "other_reading"});
      timings = read_timings(entry->get("timings"), field + ".timings");
      add = read_timings(entry->get("add_timings"), field + ".add_timings");
      remove = read_timings(entry->get("remove_timings"), field + ".remove_timings");
    }
    if ((add || remove) && !inherited_)
      rd_.fail(node, field, "add_timings/remove_timings need a parent ruleset (extends); list all timings instead");
    if (!timings && !add && !remove) rd_.fail(node, field + ".timings", "missing");
    TimingMask mask = timings ? *timings : r_.permissions[k];
    mask = static_cast<TimingMask>((mask | add.value_or(0)) & ~remove.value_or(0));
    r_.permissions[k] = mask;
    r_.permission_sources[k] = entry == nullptr ? Provenance{} : read_provenance(rd_, *entry, field);
    permission_set_[k] = true;
    r_.permission_other[k] = source_entry(entry, node, field, r_.permission_sources[k],
                                          [&](const toml::table& t, const std::string& f, OtherReading& o) {
                                            rd_.only_keys(t, f + ".", {"timings", "sources", "note"});
                                            const auto m = read_timings(t.get("timings"), f + ".timings");
                                            if (!m) rd_.fail(t, f + ".timings", "missing");
                                            o.timings = *m;
                                            if (o.timings == mask) rd_.fail(t, f + ".timings", "equals the main timings");
                                          });
    r_.permission_specified[k] = true;
  }

  std::optional<TimingMask> read_timings(const toml::node* node, const std::string& field) const {
    if (node == nullptr) return std::nullopt;
    const auto names = rd_.strings_of(*node, field);
    TimingMask mask = 0;
    for (std::size_t i = 0; i < names.size(); ++i) {
      const auto& [text, line] = names[i];
      const std::string item = field + "[" + std::to_string(i) + "]";
      const auto timing = parse_timing(text);
      if (!timing) {
        const std::string near = input::closest(text, timing_names());
        rd_.fail(line, item,
                 "unknown timing " + brief_quote(text) +
                     (near.empty() ? std::string() : " (did you mean " + near + "?)") +
                     "; timings: " + input::one_of(timing_names()));
      }
      if (!battle_phase_timing(*timing))
        rd_.fail(line, item, brief_quote(text) + " is outside the Battle Phase; timings: " + input::one_of(timing_names()));
      if (mask & bit(*timing)) rd_.fail(line, item, brief_quote(text) + " is listed twice");
      mask = static_cast<TimingMask>(mask | bit(*timing));
    }
    return mask;
  }

  /// A root ruleset (no extends) must set every knob and every permission.
  void check_complete(const toml::table& doc) const {
    const auto line_at = [&](std::string_view key) {
      const toml::node* n = doc.get(key);
      return n != nullptr ? input::line_of(n->source()) : 1;
    };
    for (int k = 0; k < kKnobCount; ++k)
      if (!knob_set_[k])
        rd_.fail(line_at("knobs"), "knobs." + std::string(knob_spec(static_cast<Knob>(k)).name),
                 "missing: a ruleset without `extends` must set every knob (or write extends = \"mr3\")");
    for (int k = 0; k < kEffectKindCount; ++k)
      if (!permission_set_[k])
        rd_.fail(line_at("permissions"), "permissions." + std::string(name(static_cast<EffectKind>(k))),
                 "missing: a ruleset without `extends` must set the timings of every effect kind");
  }

  const RulesetSource& src_;
  Reader rd_;
  std::vector<std::string> chain_;
  Ruleset r_;
  bool inherited_ = false;
  std::array<bool, kKnobCount> knob_set_{};
  std::array<bool, kEffectKindCount> permission_set_{};
};

}  // namespace

Ruleset parse_ruleset(std::string_view text, const std::string& origin) {
  std::error_code ec;
  const bool is_file = fs::is_regular_file(origin, ec);
  const RulesetSource src{is_file ? fs::weakly_canonical(origin, ec).string() : origin, origin, std::string(text)};
  return RulesetParser(src, {}).run();
}

Ruleset load_ruleset(const std::string& name_or_path) {
  if (auto b = builtin_source(name_or_path)) return RulesetParser(*b, {}).run();
  std::error_code ec;
  if (!fs::exists(name_or_path, ec))
    throw InputError(name_or_path + ": no such ruleset file, and not a built-in name (" + builtin_list() + ")");
  const RulesetSource src = file_source(name_or_path);
  return RulesetParser(src, {}).run();
}

Ruleset load_mutant(const std::string& mutant_name) {
  if (!is_mutant_name(mutant_name))
    throw InputError(mutant_name + ": unknown mutant; mutants: " + input::one_of(builtin_mutant_names()));
  Ruleset r = RulesetParser(*builtin_source(mutant_name), {}).run();
  if (r.mutant_of.empty())
    throw InputError("model/rulesets/mutants/" + mutant_name + ".toml:1: mutant_of: missing in a built-in mutant");
  return r;
}

}  // namespace bc
