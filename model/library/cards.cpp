// The card library: parsing model/library/cards.toml (docs/scenario-format.md
// "Library cards") and looking cards up by name.
#include "model/library/cards.hpp"

#include <algorithm>
#include <regex>

#include "model/embed/embedded.hpp"
#include "model/toml/input_error.hpp"
#include "model/library/term_toml.hpp"
#include "model/toml/toml_input.hpp"

namespace bc {
namespace {

using input::Reader;

std::vector<std::string> kind_names() {
  std::vector<std::string> out{"none"};
  for (int i = 0; i < kEffectKindCount; ++i) out.emplace_back(name(static_cast<EffectKind>(i)));
  return out;
}

/// `kind`: an effect kind name, or "none" (empty optional).
std::optional<EffectKind> read_kind(const Reader& rd, const toml::table& t, const std::string& field) {
  const std::string text = rd.need_string(t, "kind", field);
  if (text == "none") return std::nullopt;
  if (auto k = parse_kind(text)) return k;
  const std::string near = input::closest(text, kind_names());
  rd.fail(*t.get("kind"), field,
          "unknown effect kind " + brief_quote(text) + (near.empty() ? "" : " (did you mean " + near + "?)") +
              "; expected none or an effect kind of docs/scenario-format.md");
}

TimingMask read_timings(const Reader& rd, const toml::node& n, const std::string& field) {
  TimingMask mask = 0;
  const auto names = rd.strings_of(n, field);
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto& [text, line] = names[i];
    const auto t = parse_timing(text);
    if (!t) rd.fail(line, field + "[" + std::to_string(i) + "]", "unknown timing " + brief_quote(text));
    mask = static_cast<TimingMask>(mask | bit(*t));
  }
  return mask;
}

std::string read_citation(const Reader& rd, const toml::table& t, std::string_view key, const std::string& field,
                          int line) {
  static const std::regex kCitation(R"(^S[0-9]+ §.+)");
  const std::string text = rd.need_string(t, key, field);
  if (!std::regex_search(text, kCitation))
    rd.fail(line, field, "must cite a source as \"S<id> §<section>\", got " + brief_quote(text));
  return text;
}

std::optional<int> read_stat(const Reader& rd, const toml::table& t, std::string_view key, const std::string& field) {
  const auto v = rd.get_int(t, key, field);
  if (!v) return std::nullopt;
  if (*v < 0 || *v > 5000 || *v % 50 != 0)
    rd.fail(*t.get(key), field, "must be between 0 and 5000 in steps of 50, got " + std::to_string(*v));
  return static_cast<int>(*v);
}

CardDifference read_difference(const Reader& rd, const toml::table& t, const std::string& f) {
  rd.only_keys(t, f + ".", {"source", "section", "kind", "timings", "note"});
  CardDifference d;
  d.source = rd.need_string(t, "source", f + ".source");
  d.section = read_citation(rd, t, "section", f + ".section", input::line_of(t.source()));
  if (d.section.rfind(d.source + " §", 0) != 0)
    rd.fail(*t.get("section"), f + ".section", "must cite " + d.source + ", got " + brief_quote(d.section));
  if (t.contains("kind")) d.kind = read_kind(rd, t, f + ".kind");
  if (const toml::node* n = t.get("timings")) d.timings = read_timings(rd, *n, f + ".timings");
  d.note = rd.need_string(t, "note", f + ".note");
  return d;
}

LibraryCard read_card(const Reader& rd, const toml::table& t, const std::string& f) {
  rd.only_keys(t, f + ".", {"name", "type", "kind", "effect", "timings", "atk", "def", "level", "monster_type", "value", "mentions",
                        "note", "simplified", "differs"});
  LibraryCard c;
  c.name = rd.need_string(t, "name", f + ".name");
  if (c.name.empty()) rd.fail(*t.get("name"), f + ".name", "must not be empty");
  c.type = rd.need_string(t, "type", f + ".type");
  if (c.type != "monster" && c.type != "spell" && c.type != "trap")
    rd.fail(*t.get("type"), f + ".type", "must be monster, spell or trap, got " + brief_quote(c.type));
  if (const toml::node* e = t.get("effect")) {
    if (t.contains("kind")) rd.fail(*t.get("kind"), f + ".kind", "a card with effect = { ... } has no kind beside it");
    static const std::vector<std::string> kBlank = {"$summons"};
    c.term = input::read_term(rd, *e, f + ".effect", kBlank);
    // A spell or trap card never has a monster of its own; a monster card gets its host in a scenario.
    input::check_term(rd, *e, f + ".effect", *c.term, c.type == "monster" ? TermHost::Unknown : TermHost::None);
    c.kind = class_of(*c.term);
    c.effect_toml = input::term_to_toml(*c.term, kBlank);
  } else {
    c.kind = read_kind(rd, t, f + ".kind");
  }
  if (const toml::node* n = t.get("timings")) c.timings = read_timings(rd, *n, f + ".timings");
  if (c.kind && c.timings == 0 && !c.term) rd.fail(t, f + ".timings", "missing: when is this card's effect activated?");
  c.atk = read_stat(rd, t, "atk", f + ".atk");
  c.def = read_stat(rd, t, "def", f + ".def");
  if (c.type == "monster" && (!c.atk || !c.def)) rd.fail(t, f + ".atk", "a monster needs atk and def");
  input::read_printed(rd, t, f, c.level, c.monster_type);
  if (c.type != "monster" && (c.level != 0 || c.monster_type != MonsterType::None))
    rd.fail(t, f + ".level", "only a monster has a Level or a Type");
  if (auto v = rd.get_int(t, "value", f + ".value")) {
    if (*v == 0 || *v % 100 != 0) rd.fail(*t.get("value"), f + ".value", "must be a non-zero multiple of 100");
    c.value = static_cast<int>(*v);
  }
  const auto mentions = rd.get_strings(t, "mentions", f + ".mentions");
  for (const auto& [text, line] : mentions.value_or(std::vector<std::pair<std::string, int>>{})) {
    static const std::regex kCitation(R"(^S[0-9]+ §.+)");
    if (!std::regex_search(text, kCitation))
      rd.fail(line, f + ".mentions", "must cite a source as \"S<id> §<section>\", got " + brief_quote(text));
    c.mentions.push_back(text);
  }
  c.note = rd.get_string(t, "note", f + ".note").value_or("");
  c.simplified = rd.get_string(t, "simplified", f + ".simplified").value_or("");
  if (t.contains("simplified") && c.simplified.empty())
    rd.fail(*t.get("simplified"), f + ".simplified", "must say what the model leaves out of the real card");
  if (c.mentions.empty() && c.note.empty())
    rd.fail(t, f + ".mentions", "missing: the sources that use this card as an example (or, for a card no source "
                                "names, a note saying what it does)");
  if (const toml::array* ds = rd.get_table_array(t, "differs", f + ".differs"))
    for (std::size_t i = 0; i < ds->size(); ++i)
      c.differences.push_back(read_difference(rd, *ds->get(i)->as_table(), f + ".differs[" + std::to_string(i) + "]"));
  return c;
}

}  // namespace

std::vector<LibraryCard> parse_card_library(std::string_view text, const std::string& origin) {
  const Reader rd(origin);
  const toml::table doc = rd.parse(text);
  rd.only_keys(doc, "", {"card"});
  std::vector<LibraryCard> out;
  const toml::array* cards = rd.get_table_array(doc, "card", "card");
  if (cards == nullptr) return out;
  for (std::size_t i = 0; i < cards->size(); ++i) {
    const toml::table& t = *cards->get(i)->as_table();
    LibraryCard c = read_card(rd, t, "card[" + std::to_string(i) + "]");
    for (const LibraryCard& o : out)
      if (o.name == c.name)
        rd.fail(*t.get("name"), "card[" + std::to_string(i) + "].name", "duplicate card " + brief_quote(c.name));
    out.push_back(std::move(c));
  }
  return out;
}

std::string_view card_library_text() { return embedded::card_library(); }

const std::vector<LibraryCard>& card_library() {
  static const std::vector<LibraryCard> cards = parse_card_library(embedded::card_library(), "model/library/cards.toml");
  return cards;
}

const LibraryCard* find_library_card(std::string_view n) {
  for (const LibraryCard& c : card_library())
    if (c.name == n) return &c;
  return nullptr;
}

const LibraryCard* library_card_of(const CardSpec& c) {
  const LibraryCard* lib = find_library_card(c.name);
  return lib != nullptr && lib->kind == c.kind && lib->term.has_value() == c.custom ? lib : nullptr;
}

std::vector<SimplifiedCard> simplified_cards(const std::vector<CardSpec>& cards) {
  std::vector<SimplifiedCard> out;
  for (const CardSpec& c : cards) {
    const LibraryCard* named = find_library_card(c.name);
    if (named == nullptr || !named->kind) continue;
    const LibraryCard* lib = library_card_of(c);
    SimplifiedCard s{c.name, lib != nullptr ? lib->simplified : ""};
    if (lib == nullptr)
      s.simplified = "Not the library's reading of the printed card: this scenario writes its own " + c.name +
                     " (`battlecheck cards` shows the library's).";
    const bool listed = std::any_of(out.begin(), out.end(), [&](const SimplifiedCard& o) { return o.name == c.name; });
    if (!s.simplified.empty() && !listed) out.push_back(std::move(s));
  }
  return out;
}

std::vector<std::string> library_card_names() {
  std::vector<std::string> out;
  for (const LibraryCard& c : card_library()) out.push_back(c.name);
  return out;
}

}  // namespace bc
