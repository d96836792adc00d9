#pragma once
/// Internals of `drive --judge trace` shared by its exploration
/// (drive_judged.cpp) and its shrinking and findings (drive_judged_shrink.cpp).
#include <string>

#include "importers/drive/drive.hpp"

namespace bc {

/// --judge trace (drive_judged.cpp): explore the engine's own offers to
/// opts.depth decisions (then its first offer, as drive_judged_case), judge
/// each run as a trace, and shrink each kind of failure to the fewest choices.
void explore_judged(DriveResult& result, EngineHandle& engine, const Ruleset& rules, const Scenario& scenario,
                    const DriveOptions& opts);
/// One --judge trace run: choice i picks the engine's (choice % n)-th offer
/// at its i-th prompt with more than one offer, offers ordered default first
/// (entering the Battle Phase, passing, declining, stopping a replay, then
/// the rest in canonical order); past the choices, the default. `widths`,
/// when given, gets the number of offers of each such prompt.
DriveRun drive_judged_case(EngineHandle& engine, const Ruleset& rules, const DriveCase& c, int max_steps,
                           std::vector<std::uint32_t>* widths = nullptr);

/// The finding of a run that does not hold, in one line an implementer can
/// act on: the divergence (the offers withheld or refused, with their cards'
/// names, or the event the model does not allow, and the rules involved),
/// else the properties the run violates. It names no trace line, so equal
/// findings of different runs compare equal; `line` gets the line.
std::string judged_finding(const ConformanceResult& r, const Scenario& scenario, std::size_t& line);

/// Shrink a finding's case to the fewest, smallest choices that still show
/// the same finding (at most opts.max_shrink_runs engine runs).
void shrink_judged(DriveFinding& finding, EngineHandle& engine, const Ruleset& rules, const DriveOptions& opts);

}  // namespace bc

namespace bc {

/// --judge trace: the report's text after its header lines (counters, each
/// finding with its shrunk choices, the engine's actions and the records
/// around it, the verdict).
std::string judged_report_text(const DriveResult& r);
/// --judge trace: the report's JSON fields (counters, "findings").
nlohmann::json judged_report_json(const DriveResult& r);
/// A finding's run as a trace file (docs/trace-format.md) that
/// `battlecheck verify-trace` reads: the full narrative of the finding.
std::string judged_trace_file(const DriveFinding& f, const std::string& ruleset);

}  // namespace bc
