#pragma once
/// Counterexample files: a JSON document (format "battlecheck-counterexample",
/// version 0) for machines and replays, and a .txt narrative for people.
/// Files are written atomically (FILE.tmp, then rename) and never overwrite an
/// existing file unless forced.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "counterexamples/replay/replay.hpp"
#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"

namespace bc {

/// "always" / "sometimes" / "eventually", as files and reports write a property's kind.
std::string kind_name(PropertyKind k);
/// A property's citations as "S1 §x; S2 §y".
std::string citations_text(const std::vector<Citation>& cites);

/// Where a run's ruleset came from, so a replay can rebuild the same rules.
struct RulesetRef {
  std::string name;    ///< built-in or mutant name; for files, the ruleset's own name
  std::string origin;  ///< "builtin", "mutant" or "file"
  std::string path;    ///< file origin: the path given on the command line
  std::string text;    ///< file origin: the file's TOML text, so the record is self-contained
};

/// Resolve a --ruleset / --mutant choice: a mutant name, a built-in ruleset
/// name, or a file path (read now). Throws InputError for an unreadable file.
RulesetRef make_ruleset_ref(const std::string& ruleset, const std::string& mutant);
/// Build the Ruleset a reference names. Throws InputError.
Ruleset load_ruleset_ref(const RulesetRef& ref);

/// A counterexample file read back.
struct CounterexampleRecord {
  std::string path;
  RulesetRef ruleset;
  Scenario scenario;
  std::string property;                ///< property id
  std::vector<std::uint8_t> actions;   ///< indices into Model::actions()
  std::vector<std::string> narrative;  ///< as recorded
  std::vector<Event> events;           ///< as recorded
};

/// The JSON document of a counterexample for `property` (an index into properties()).
nlohmann::json counterexample_to_json(const Model& model, const RulesetRef& ruleset, int property,
                                      const Run& run);
/// The readable narrative of a counterexample, one line per step.
std::string counterexample_to_text(const Model& model, const RulesetRef& ruleset, int property,
                                   const Run& run);

/// The numbered narrative of a run ("3.    Battle Step: P1 passes"), marking
/// where `property` is first violated (no mark if property < 0).
std::string narrative_text(const Run& run, int property);

/// Outcome of writing a file: ok, or a message naming the file.
struct WriteResult {
  bool ok = true;
  std::string error;
};

/// `s` safe inside HTML or XML text and attribute values (& < > " escaped,
/// control characters other than newline and tab made spaces).
std::string markup_escape(const std::string& s);

/// Write `content` to `path` atomically (path.tmp, then rename). Without
/// `force`, an existing file is left untouched and an error returned.
WriteResult write_file_atomic(const std::string& path, const std::string& content, bool force);

/// File stem for a counterexample: "<scenario>.<ruleset>.<property>", made
/// file-name safe; a part longer than 73 bytes is cut to 64 plus a hash of it.
std::string counterexample_stem(const std::string& scenario, const std::string& ruleset,
                                const std::string& property);

/// Write BASE.json and BASE.txt. Without `force`, if either exists neither is written.
WriteResult write_counterexample(const std::string& base, const Model& model, const RulesetRef& ruleset,
                                 int property, const Run& run, bool force);

/// Read a counterexample JSON file. Throws InputError naming the file and field.
CounterexampleRecord load_counterexample(const std::string& path);

}  // namespace bc
