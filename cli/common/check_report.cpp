#include "cli/common/check_report.hpp"

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <sstream>

#include "counterexamples/report/report.hpp"

namespace bc::cli {
namespace {

std::string steps(int n) { return std::to_string(n) + (n == 1 ? " step" : " steps"); }

std::string verdict_cell(const PropertyRow& row) {
  std::string text = row.verdict;
  if (!row.json_file.empty()) text += " (" + row.json_file + ", " + steps(row.length) + ")";
  else if (row.verdict == "WITNESSED" && row.length >= 0) text += " (" + steps(row.length) + ")";
  if (!row.note.empty()) text += " [" + row.note + "]";
  return text;
}

std::string verdict_code(const std::string& verdict) {
  if (verdict == "HOLDS") return "holds";
  if (verdict == "VIOLATED") return "violated";
  if (verdict == "WITNESSED") return "witnessed";
  if (verdict == "NOT WITNESSED") return "not_witnessed";
  if (verdict == "DISPUTED") return "disputed";
  return "not_applicable";
}

std::string bound_text(std::uint64_t v) { return v == 0 ? "unbounded" : std::to_string(v); }

/// Which bound cut the run short, as the option to change.
std::string bound_hit_text(const CheckReport& report) {
  const std::string& hit = report.result.bound_hit;
  if (hit == "max_memory")
    return "--max-memory " + std::to_string(report.bounds.max_memory_bytes >> 20) +
           " MiB: raise it, or bound the run with --max-states or --max-depth";
  if (hit == "out_of_memory")
    return "running out of memory: bound the run with a lower --max-memory, --max-states or --max-depth";
  if (hit == "max_states") return "--max-states";
  if (hit == "max_depth") return "--max-depth";
  return "a bound";
}

double per_state(double total, std::uint64_t states) { return states == 0 ? 0.0 : total / static_cast<double>(states); }

void stat(std::ostream& out, const std::string& key, const std::string& value) {
  out << std::left << std::setw(13) << key << value << "\n";
}

std::string root_text(const ViolationRoot& r) {
  std::string text(name(r.action));
  if (r.effect_class >= 0) text += " (" + std::string(name(static_cast<EffectKind>(r.effect_class))) + ")";
  return text + " at " + std::string(name(r.timing));
}

std::string count_text(std::uint64_t n, const char* one) { return std::to_string(n) + " " + one + (n == 1 ? "" : "s"); }

/// The roots under their property (in catalog order), each with its count and shortest run.
void print_groups(const CheckReport& report, std::ostream& out) {
  out << "violations by root (--all-violations): " << count_text(report.groups.size(), "root") << "\n";
  for (int p = 0; p < static_cast<int>(properties().size()); ++p) {
    const auto roots = static_cast<std::uint64_t>(std::count_if(
        report.groups.begin(), report.groups.end(), [p](const GroupRow& g) { return g.group.root.property == p; }));
    if (roots == 0) continue;
    out << "  " << properties()[p].id << ": " << count_text(roots, "root") << "\n";
    for (const GroupRow& g : report.groups)
      if (g.group.root.property == p)
        out << "    " << root_text(g.group.root) << ": " << count_text(g.group.states, "state") << ", shortest "
            << g.group.shortest.actions.size() << " actions" << (g.json_file.empty() ? "" : " (" + g.json_file + ")")
            << "\n";
  }
  out << "\n";
}

nlohmann::json groups_json(const CheckReport& report) {
  nlohmann::json groups = nlohmann::json::array();
  for (const GroupRow& g : report.groups) {
    const ViolationRoot& r = g.group.root;
    nlohmann::json j = {{"property", std::string(properties()[r.property].id)},
                        {"action", std::string(name(r.action))},
                        {"timing", std::string(name(r.timing))},
                        {"effect_class", r.effect_class >= 0
                                             ? nlohmann::json(std::string(name(static_cast<EffectKind>(r.effect_class))))
                                             : nlohmann::json(nullptr)},
                        {"states", g.group.states},
                        {"length", g.group.shortest.actions.size()},
                        {"actions", g.group.shortest.actions}};
    if (!g.json_file.empty()) j["counterexample"] = g.json_file;
    groups.push_back(j);
  }
  return groups;
}

}  // namespace

int not_witnessed(const CheckReport& report) {
  return static_cast<int>(std::count_if(report.rows.begin(), report.rows.end(),
                                        [](const PropertyRow& row) { return row.verdict == "NOT WITNESSED"; }));
}

void print_table(const CheckReport& report, bool quiet, std::ostream& out) {
  const Inputs& in = *report.inputs;
  const CheckResult& r = report.result;
  stat(out, "scenario", in.scenario.name + " (" + in.scenario_origin + ")");
  stat(out, "ruleset", in.ruleset_ref.name + " (" + in.ruleset_ref.origin + ")");
  stat(out, "bounds", "depth " + bound_text(report.bounds.max_depth) + ", states " +
                          bound_text(report.bounds.max_states) + ", liveness " +
                          (report.bounds.liveness ? "on" : "off"));
  stat(out, "states", std::to_string(r.states) + (r.complete ? " (complete)" : " (cut short by " + bound_hit_text(report) + ")"));
  if (!r.symmetry.empty()) stat(out, "symmetry", r.symmetry + " (states counted up to these; --no-symmetry counts every one)");
  stat(out, "transitions", std::to_string(r.transitions));
  stat(out, "depth", std::to_string(r.depth));
  stat(out, "seconds", format_fixed(r.seconds, 2));
  stat(out, "states/s", format_fixed(r.seconds > 0 ? static_cast<double>(r.states) / r.seconds : 0.0, 0));
  stat(out, "threads", std::to_string(r.threads) + (r.ranks > 1 ? " (" + std::to_string(r.ranks) + " MPI ranks)" : ""));
  stat(out, "bytes/state", format_fixed(per_state(static_cast<double>(r.stored_bytes), r.states), 1) +
                               " in memory, " + format_fixed(per_state(static_cast<double>(r.link_bytes), r.states), 1) +
                               (r.links_on_disk ? " on disk (parent links)" : " more in memory (parent links)"));
  stat(out, "peak memory", format_bytes(static_cast<double>(r.peak_rss_bytes)) + " (" +
                               format_fixed(per_state(static_cast<double>(r.peak_rss_bytes), r.states), 1) +
                               " bytes/state)");
  out << "\n";
  std::size_t width = 8;
  for (const PropertyRow& row : report.rows) width = std::max(width, properties()[row.index].id.size());
  out << std::left << std::setw(static_cast<int>(width) + 2) << "property" << std::setw(12) << "kind"
      << "verdict\n";
  int failing = 0;
  const int unwitnessed = not_witnessed(report);
  for (const PropertyRow& row : report.rows) {
    failing += row.failing ? 1 : 0;
    if (quiet && !row.failing && row.verdict != "NOT WITNESSED") continue;
    const PropertyInfo& p = properties()[row.index];
    out << std::left << std::setw(static_cast<int>(width) + 2) << p.id << std::setw(12) << kind_name(p.kind)
        << verdict_cell(row) << "\n";
  }
  out << "\n";
  if (r.graph_out_of_memory)
    out << "graph: not analysed (out of memory after " << r.states << " states; --no-liveness skips it)\n";
  else if (report.bounds.liveness)
    out << "graph: " << r.dead_ends << " dead ends, " << r.cannot_end << " states that cannot end the Battle Phase, "
        << r.nontrivial_sccs << " cycles\n";
  else
    out << "graph: not analysed (--no-liveness)\n";
  if (report.all_violations) print_groups(report, out);
  out << "verdict: " << (failing == 0 ? "ALL HOLD" : std::to_string(failing) + " FAILING");
  // Unwitnessed vacuity checks are warnings unless --require-witnesses made them failures.
  if (unwitnessed > 0 && !report.require_witnesses) out << ", " << unwitnessed << " not witnessed";
  out << " (" << report.rows.size() << " properties)\n";
}

nlohmann::json report_json(const CheckReport& report) {
  const Inputs& in = *report.inputs;
  const CheckResult& r = report.result;
  nlohmann::json props = nlohmann::json::array();
  for (const PropertyRow& row : report.rows) {
    const PropertyInfo& p = properties()[row.index];
    nlohmann::json j = {{"id", std::string(p.id)}, {"kind", kind_name(p.kind)}, {"verdict", verdict_code(row.verdict)}};
    if (!row.json_file.empty())
      j["counterexample"] = {{"json", row.json_file}, {"text", row.text_file}, {"length", row.length}};
    else if (row.length >= 0)
      j["length"] = row.length;
    if (!row.note.empty()) j["note"] = row.note;
    props.push_back(j);
  }
  nlohmann::json graph = nullptr;
  if (r.graph_out_of_memory)
    graph = {{"error", "out of memory"}};
  else if (report.bounds.liveness)
    graph = {{"dead_ends", r.dead_ends}, {"cannot_end", r.cannot_end}, {"cycles", r.nontrivial_sccs}};
  nlohmann::json doc = {
      {"scenario", {{"name", in.scenario.name}, {"origin", in.scenario_origin}}},
      {"ruleset", {{"name", in.ruleset_ref.name}, {"origin", in.ruleset_ref.origin}}},
      {"bounds",
       {{"max_depth", report.bounds.max_depth},
        {"max_states", report.bounds.max_states},
        {"liveness", report.bounds.liveness}}},
      {"stats",
       {{"states", r.states},
        {"transitions", r.transitions},
        {"depth", r.depth},
        {"seconds", r.seconds},
        {"states_per_second", r.seconds > 0 ? static_cast<double>(r.states) / r.seconds : 0.0},
        {"stored_bytes", r.stored_bytes},
        {"bytes_per_state", per_state(static_cast<double>(r.stored_bytes), r.states)},
        {"link_bytes", r.link_bytes},
        {"links_on_disk", r.links_on_disk},
        {"peak_rss_bytes", r.peak_rss_bytes},
        {"threads", r.threads},
        {"ranks", r.ranks},
        {"complete", r.complete},
        {"bound_hit", r.bound_hit}}},
      {"symmetry", {{"applied", !r.symmetry.empty()}, {"objects", r.symmetry}, {"left_out", r.symmetry_left_out}}},
      {"properties", props},
      {"not_witnessed", not_witnessed(report)},
      {"require_witnesses", report.require_witnesses},
      {"graph", graph},
      {"errors", report.errors},
      {"exit_code", report.exit_code},
  };
  if (report.all_violations) doc["violation_groups"] = groups_json(report);
  return doc;
}

namespace {

constexpr const char* kHtmlStyle = R"(
body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:90em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.5em}
table{border-collapse:collapse;font-size:.9em}
th,td{border:1px solid #bbb;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#eee}
tr.violated td,tr.failing td{background:#fbd9d3}tr.holds td,tr.witnessed td{background:#e3f4e1}
tr.not_witnessed td{background:#fff4cc}tr.disputed td,tr.not_applicable td{background:#f2f2f2}
.verdict{font-weight:600;font-size:1.1em}
)";

/// `file` as a link relative to the page's folder.
std::string link(const std::string& file, const std::filesystem::path& page_dir) {
  if (file.empty()) return "";
  std::error_code ec;
  const std::filesystem::path rel = std::filesystem::relative(std::filesystem::absolute(file), page_dir, ec);
  const std::string href = ec || rel.empty() ? file : rel.generic_string();
  return "<a href=\"" + markup_escape(href) + "\">" + markup_escape(file) + "</a>";
}

void html_groups(const CheckReport& report, const std::filesystem::path& dir, std::ostream& out) {
  out << "<h2>Violations by root (" << count_text(report.groups.size(), "root") << ")</h2>\n<table><tr><th>property"
         "</th><th>root: action (effect class) at timing</th><th>violating states</th><th>shortest run</th>"
         "<th>file</th></tr>\n";
  for (int p = 0; p < static_cast<int>(properties().size()); ++p)
    for (const GroupRow& g : report.groups)
      if (g.group.root.property == p)
        out << "<tr class=\"violated\"><td>" << markup_escape(std::string(properties()[p].id)) << "</td><td>"
            << markup_escape(root_text(g.group.root)) << "</td><td>" << g.group.states << "</td><td>"
            << g.group.shortest.actions.size() << " actions</td><td>" << link(g.json_file, dir) << "</td></tr>\n";
  out << "</table>\n";
}

}  // namespace

std::string report_html(const CheckReport& report, const std::string& html_path) {
  const Inputs& in = *report.inputs;
  const CheckResult& r = report.result;
  const std::filesystem::path dir = std::filesystem::absolute(html_path).parent_path();
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>battlecheck check: "
      << markup_escape(in.scenario.name) << " under " << markup_escape(in.ruleset_ref.name) << "</title><style>"
      << kHtmlStyle << "</style></head><body>\n<h1>battlecheck check: " << markup_escape(in.scenario.name)
      << " under " << markup_escape(in.ruleset_ref.name) << "</h1>\n";
  const int failing = static_cast<int>(
      std::count_if(report.rows.begin(), report.rows.end(), [](const PropertyRow& row) { return row.failing; }));
  const int unwitnessed = not_witnessed(report);
  out << "<p class=\"verdict\">" << (failing == 0 ? "ALL HOLD" : std::to_string(failing) + " FAILING")
      << (unwitnessed > 0 && !report.require_witnesses ? ", " + std::to_string(unwitnessed) + " not witnessed" : "")
      << " (" << report.rows.size() << " properties), exit code " << report.exit_code << "</p>\n<table>\n";
  const auto row = [&out](const std::string& k, const std::string& v) {
    out << "<tr><th>" << k << "</th><td>" << markup_escape(v) << "</td></tr>\n";
  };
  row("scenario", in.scenario.name + " (" + in.scenario_origin + ")");
  row("ruleset", in.ruleset_ref.name + " (" + in.ruleset_ref.origin + ")");
  row("states", std::to_string(r.states) + (r.complete ? " (complete)" : " (cut short by " + bound_hit_text(report) + ")"));
  row("symmetry", r.symmetry.empty() ? "none" : r.symmetry);
  row("transitions", std::to_string(r.transitions));
  row("depth", std::to_string(r.depth));
  row("seconds", format_fixed(r.seconds, 2) + " on " + std::to_string(r.threads) + " thread(s)" +
                    (r.ranks > 1 ? " in " + std::to_string(r.ranks) + " MPI ranks" : ""));
  if (report.bounds.liveness && !r.graph_out_of_memory)
    row("graph", std::to_string(r.dead_ends) + " dead ends, " + std::to_string(r.cannot_end) +
                     " states that cannot end the Battle Phase, " + std::to_string(r.nontrivial_sccs) + " cycles");
  out << "</table>\n<h2>Properties</h2>\n<table><tr><th>property</th><th>kind</th><th>verdict</th><th>run</th>"
         "<th>counterexample</th><th>note</th></tr>\n";
  for (const PropertyRow& p : report.rows) {
    const PropertyInfo& info = properties()[p.index];
    out << "<tr class=\"" << (p.failing ? "failing" : verdict_code(p.verdict)) << "\"><td>"
        << markup_escape(std::string(info.id)) << "</td><td>" << kind_name(info.kind) << "</td><td>" << p.verdict
        << "</td><td>" << (p.length >= 0 ? steps(p.length) : "") << "</td><td>" << link(p.json_file, dir) << " "
        << link(p.text_file, dir) << "</td><td>" << markup_escape(p.note) << "</td></tr>\n";
  }
  out << "</table>\n";
  if (report.all_violations) html_groups(report, dir, out);
  for (const std::string& e : report.errors) out << "<p>error: " << markup_escape(e) << "</p>\n";
  out << "</body></html>\n";
  return out.str();
}

}  // namespace bc::cli
