#pragma once
/// The result of `battlecheck check` as rows, printed as the verdict table
/// or as one JSON document.
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/common/common.hpp"

namespace bc::cli {

/// One property's verdict.
struct PropertyRow {
  int index = -1;                  ///< into properties()
  std::string verdict;             ///< HOLDS, VIOLATED, WITNESSED, NOT WITNESSED, DISPUTED, N/A
  bool failing = false;            ///< counts against exit code 0
  std::string json_file;           ///< counterexample files, when written
  std::string text_file;
  int length = -1;                 ///< counterexample or witness length in actions
  std::string note;                ///< e.g. why a file was not written
};

/// A root of violations (check --all-violations) and its shortest run's file.
struct GroupRow {
  ViolationGroup group;
  std::string json_file;  ///< the property's own counterexample when it is this run, else a file of its own
};

/// Everything `check` reports.
struct CheckReport {
  const Inputs* inputs = nullptr;
  Bounds bounds;
  CheckResult result;
  std::vector<PropertyRow> rows;
  std::vector<GroupRow> groups;     ///< with --all-violations, in the order found
  bool all_violations = false;
  std::vector<std::string> errors;  ///< files that could not be written
  int exit_code = kExitOk;
  bool require_witnesses = false;   ///< unwitnessed "sometimes" properties are failures, not warnings
};

/// How many "sometimes" properties the run never witnessed (vacuity warnings).
int not_witnessed(const CheckReport& report);

/// The human table: statistics, one row per property, the graph line, the verdict.
void print_table(const CheckReport& report, bool quiet, std::ostream& out);
/// The same as one JSON document.
nlohmann::json report_json(const CheckReport& report);
/// The same as a standalone HTML page (inline CSS, no script): statistics,
/// the verdicts with links to the counterexample files, the violations by
/// root. Links are relative to `html_path`'s folder.
std::string report_html(const CheckReport& report, const std::string& html_path);

}  // namespace bc::cli
