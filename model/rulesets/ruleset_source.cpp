// Source rulesets: `source`, `[unspecified]`, `[[claims]]` and the checks
// that make each source ruleset say, entry by entry, what its source states.
#include "model/rulesets/ruleset_source.hpp"

#include <regex>

#include "model/rulesets/ruleset_loader.hpp"

namespace bc::source_input {
namespace {

using input::Reader;

int line_at(const toml::table& doc, std::string_view key) {
  const toml::node* n = doc.get(key);
  return n != nullptr ? input::line_of(n->source()) : 1;
}

/// Index of a knob or effect-kind name, -1 if unknown.
int knob_index(std::string_view n) {
  const auto k = parse_knob(n);
  return k ? static_cast<int>(*k) : -1;
}
int kind_index(std::string_view n) {
  const auto k = parse_kind(n);
  return k ? static_cast<int>(*k) : -1;
}

template <std::size_t N, typename IndexFn>
void read_names(const Reader& rd, const toml::table& t, std::string_view key, const std::string& what,
                const std::array<bool, N>& set, std::array<bool, N>& listed, IndexFn index) {
  const toml::node* node = t.get(key);
  if (node == nullptr) return;
  const std::string field = "unspecified." + std::string(key);
  const auto names = rd.strings_of(*node, field);
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto& [text, line] = names[i];
    const std::string item = field + "[" + std::to_string(i) + "]";
    const int k = index(text);
    if (k < 0) rd.fail(line, item, "unknown " + what + " " + brief_quote(text) + "; see docs/rulesets.md");
    if (set[k])
      rd.fail(line, item, brief_quote(text) + " is set in this file and also listed as unspecified; choose one");
    if (listed[k]) rd.fail(line, item, brief_quote(text) + " is listed twice");
    listed[k] = true;
  }
}

}  // namespace

void read_source_id(const Reader& rd, const toml::table& doc, Ruleset& r) {
  const auto id = rd.get_string(doc, "source", "source");
  if (!id) return;
  static const std::regex kId(R"(^S[0-9]+$)");
  if (!std::regex_match(*id, kId))
    rd.fail(*doc.get("source"), "source", "must be a source id like \"S3\", got " + brief_quote(*id));
  if (!doc.contains("extends"))
    rd.fail(*doc.get("source"), "extends",
            "missing: a source ruleset extends \"mr3\", the fallback for what its source does not state");
  if (r.source != *id) {  // a new source over a parent that is not one (mr3): nothing is stated yet
    r.knob_specified.fill(false);
    r.permission_specified.fill(false);
    r.knob_other.fill(std::nullopt);
    r.permission_other.fill(std::nullopt);
    r.claims.clear();
  }
  r.source = *id;
}

void check_own_citations(const Reader& rd, const Ruleset& r, const toml::node& entry, const std::string& field,
                         const Provenance& p) {
  if (p.sources.empty())
    rd.fail(entry, field + ".sources",
            "missing: a source ruleset cites the section of " + r.source + " that states each entry it sets");
  const std::string prefix = r.source + " §";
  for (std::size_t i = 0; i < p.sources.size(); ++i)
    if (p.sources[i].rfind(prefix, 0) != 0)
      rd.fail(entry, field + ".sources[" + std::to_string(i) + "]",
              "a " + r.source + " ruleset cites only " + r.source + " (\"" + prefix + "...\"), got " +
                  brief_quote(p.sources[i]) + "; name other sources in `note`");
}

SetInFile read_unspecified(const Reader& rd, const toml::table& doc, const SetInFile& set, Ruleset& r) {
  SetInFile listed;
  const toml::table* t = rd.get_table(doc, "unspecified", "unspecified");
  if (t == nullptr) return listed;
  rd.only_keys(*t, "unspecified.", {"knobs", "permissions"});
  read_names(rd, *t, "knobs", "knob", set.knobs, listed.knobs, knob_index);
  read_names(rd, *t, "permissions", "effect kind", set.permissions, listed.permissions, kind_index);
  for (int k = 0; k < kKnobCount; ++k)
    if (listed.knobs[k]) r.knob_specified[k] = false;
  for (int k = 0; k < kEffectKindCount; ++k)
    if (listed.permissions[k]) r.permission_specified[k] = false;
  return listed;
}

void read_claims(const Reader& rd, const toml::table& doc, Ruleset& r) {
  const toml::array* claims = rd.get_table_array(doc, "claims", "claims");
  if (claims == nullptr) return;
  static const std::regex kId(R"(^[a-z][a-z0-9_]*$)");
  for (std::size_t i = 0; i < claims->size(); ++i) {
    const toml::table& t = *claims->get(i)->as_table();
    const std::string f = "claims[" + std::to_string(i) + "]";
    rd.only_keys(t, f + ".", {"property", "section", "note"});
    Claim c;
    c.property = rd.need_string(t, "property", f + ".property");
    if (!std::regex_match(c.property, kId))
      rd.fail(*t.get("property"), f + ".property", "must be a property id (snake_case), got " + brief_quote(c.property));
    c.section = rd.need_string(t, "section", f + ".section");
    if (c.section.rfind(r.source + " §", 0) != 0 || c.section.size() <= r.source.size() + 3)
      rd.fail(*t.get("section"), f + ".section",
              "must cite this ruleset's source as \"" + r.source + " §<section>\", got " + brief_quote(c.section));
    c.note = rd.get_string(t, "note", f + ".note").value_or("");
    for (const Claim& o : r.claims)
      if (o.property == c.property && o.section == c.section)
        rd.fail(*t.get("property"), f + ".property", "claim " + brief_quote(c.property) + " at " + c.section + " is listed twice");
    r.claims.push_back(c);
  }
}

void check_accounted(const Reader& rd, const toml::table& doc, const SetInFile& set, const SetInFile& listed,
                     const Ruleset& r) {
  for (int k = 0; k < kKnobCount; ++k)
    if (!set.knobs[k] && !listed.knobs[k] && !r.knob_specified[k])
      rd.fail(line_at(doc, "unspecified"), "knobs." + std::string(knob_spec(static_cast<Knob>(k)).name),
              "not accounted for: a source ruleset sets each knob its source states (with the section) and lists "
              "the others in [unspecified] knobs");
  for (int k = 0; k < kEffectKindCount; ++k)
    if (!set.permissions[k] && !listed.permissions[k] && !r.permission_specified[k])
      rd.fail(line_at(doc, "unspecified"), "permissions." + std::string(name(static_cast<EffectKind>(k))),
              "not accounted for: a source ruleset sets each permission its source states (with the section) and "
              "lists the others in [unspecified] permissions");
}

void reject_source_keys(const Reader& rd, const toml::table& doc) {
  for (const std::string_view key : {"unspecified", "claims"})
    if (const toml::node* n = doc.get(key))
      rd.fail(*n, key, "only a source ruleset (with `source = \"S<id>\"`) has " + std::string(key));
}

}  // namespace bc::source_input
