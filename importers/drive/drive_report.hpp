#pragma once
/// Reports of `battlecheck drive`: the human text (the minimal reproduction:
/// scenario, actions, point of divergence, model vs engine, rule/property
/// involved) and the JSON document (--json, and drive-report.json in --out).
#include <string>

#include <nlohmann/json.hpp>

#include "importers/drive/drive.hpp"

namespace bc {

/// What was driven, for the report's header.
struct DriveSetup {
  std::string engine;         ///< the --engine command as given
  std::string ruleset;        ///< ruleset name
  std::string scenario;       ///< scenario origin ("built-in", a file, "generated")
  std::string mode;           ///< "exhaustive to depth N" / "N random runs, seed S"
};

/// The full text report (stdout of `drive`).
std::string drive_report_text(const DriveSetup& setup, const DriveResult& result, const Ruleset& rules);

/// The JSON report: setup, counters, verdict and the minimal reproduction.
nlohmann::json drive_report_json(const DriveSetup& setup, const DriveResult& result, const Ruleset& rules);

/// A scenario in a few readable lines (board and cards).
std::string scenario_summary(const Scenario& s);

}  // namespace bc
