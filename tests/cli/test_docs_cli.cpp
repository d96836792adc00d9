// Docs that stay true: the README's CLI table against each command's --help
// (every option documented, none stale, every command listed), and figures
// the docs state that the build can compute (the property count, the
// timings and effect kinds of docs/corpus.md, the card count).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "model/vocabulary/types.hpp"
#include "tests/cli/shell.hpp"

namespace {

namespace fs = std::filesystem;
using bc::test::sh;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Per command path ("check", "rulesets show"), the options its README rows name.
std::map<std::string, std::set<std::string>> readme_table() {
  std::map<std::string, std::set<std::string>> out;
  std::istringstream in(read(fs::path(BC_SOURCE_DIR) / "README.md"));
  const std::regex option(R"((?:^|[\s\[|])(--?[a-zA-Z][a-zA-Z0-9-]*))");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| `battlecheck ", 0) != 0 && line.rfind("| `mpirun ", 0) != 0) continue;
    const std::string cell = line.substr(2, line.find(" | ") - 2);
    std::size_t at = 0;
    while ((at = cell.find('`', at)) != std::string::npos) {
      const std::size_t end = cell.find('`', at + 1);
      if (end == std::string::npos) break;
      std::string seg = cell.substr(at + 1, end - at - 1);
      at = end + 1;
      const std::size_t bc = seg.find("battlecheck ");
      if (bc == std::string::npos) continue;
      seg = seg.substr(bc + 12);
      std::istringstream words(seg);
      std::string path, w;
      while (words >> w && std::regex_match(w, std::regex("[a-z][a-z-]*"))) path += (path.empty() ? "" : " ") + w;
      auto& opts = out[path];
      for (std::sregex_iterator it(seg.begin(), seg.end(), option), e; it != e; ++it) opts.insert((*it)[1]);
    }
  }
  return out;
}

/// The option names of `battlecheck PATH --help`, each option as its set of names.
std::vector<std::set<std::string>> help_options(const std::string& path) {
  const auto r = sh("'" BC_BINARY "' " + path + " --help");
  EXPECT_EQ(r.code, 0) << path << "\n" << r.out;
  std::vector<std::set<std::string>> out;
  std::istringstream in(r.out);
  const std::regex head(R"(^  (-[^ ]+))");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, head)) continue;
    std::set<std::string> names;
    std::istringstream parts(m[1].str());
    for (std::string n; std::getline(parts, n, ',');) names.insert(n);
    if (names.count("--help") || names.count("--version")) continue;
    out.push_back(names);
  }
  return out;
}

/// The subcommands a --help lists.
std::vector<std::string> help_subcommands(const std::string& path) {
  const auto r = sh("'" BC_BINARY "' " + path + " --help");
  std::vector<std::string> out;
  std::istringstream in(r.out);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("SUBCOMMANDS:", 0) == 0 || line.rfind("Subcommands:", 0) == 0) {
      inside = true;
      continue;
    }
    std::smatch m;
    if (inside && std::regex_search(line, m, std::regex(R"(^  ([a-z][a-z-]*)\b)"))) out.push_back(m[1]);
    else if (inside && !line.empty() && line[0] != ' ') inside = false;
  }
  return out;
}

TEST(ReadmeTable, EveryCommandAndOptionOfTheHelpIsDocumentedAndNoneIsStale) {
  const auto table = readme_table();
  ASSERT_GE(table.size(), 15u);
  std::vector<std::string> paths;
  for (const std::string& top : help_subcommands("")) {
    paths.push_back(top);
    for (const std::string& sub : help_subcommands(top)) paths.push_back(top + " " + sub);
  }
  ASSERT_GE(paths.size(), 15u);
  for (const std::string& path : paths) {
    const auto it = table.find(path);
    if (it == table.end() && !help_subcommands(path).empty() && help_options(path).empty()) continue;  // `import`: a group
    if (it == table.end()) {
      ADD_FAILURE() << "README's CLI table has no row for `battlecheck " << path << "`";
      continue;
    }
    std::set<std::string> known;
    for (const auto& names : help_options(path)) {
      known.insert(names.begin(), names.end());
      bool documented = false;
      for (const std::string& n : names) documented = documented || it->second.count(n) > 0;
      EXPECT_TRUE(documented) << "README: `battlecheck " << path << "` does not list " << *names.rbegin();
    }
    for (const std::string& o : it->second)
      EXPECT_TRUE(known.count(o)) << "README: `battlecheck " << path << "` lists " << o << ", which --help does not know";
  }
  for (const auto& [path, opts] : table)
    EXPECT_NE(std::find(paths.begin(), paths.end(), path), paths.end()) << "README row for a command that does not exist: " << path;
}

/// The README's worked example, run as written: its verdict line and exit code.
TEST(DocFigures, TheWorkedExampleSaysWhatTheCommandPrints) {
  const std::string readme = read(fs::path(BC_SOURCE_DIR) / "README.md");
  std::smatch cmd, verdict;
  ASSERT_TRUE(std::regex_search(readme, cmd, std::regex(R"(\$ \./build/battlecheck (check --scenario [^\n]*)\n)")));
  ASSERT_TRUE(std::regex_search(readme, verdict, std::regex(R"(\n(verdict: [^\n]*)\n\$ echo \$\?\n(\d+)\n)")));
  const fs::path out = fs::temp_directory_path() / "bc-docs-worked-example";
  fs::remove_all(out);
  const auto run = sh("cd '" BC_SOURCE_DIR "' && '" BC_BINARY "' " + cmd[1].str() + " --out '" + out.string() + "'");
  fs::remove_all(out);
  EXPECT_EQ(run.code, std::stoi(verdict[2])) << run.out;
  EXPECT_NE(run.out.find(verdict[1].str() + "\n"), std::string::npos) << "README says " << verdict[1] << "; the command prints\n"
                                                                    << run.out;
}

TEST(DocFigures, ThePropertyAndCardCountsOfTheReadme) {
  const std::string readme = read(fs::path(BC_SOURCE_DIR) / "README.md");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(readme, m, std::regex(R"(checks (\d+) cited properties)")));
  const auto props = sh("'" BC_BINARY "' properties --json");
  ASSERT_EQ(props.code, 0);
  const nlohmann::json p = nlohmann::json::parse(props.out);
  const std::size_t count = p.is_array() ? p.size() : p.at("properties").size();
  EXPECT_EQ(std::stoul(m[1]), count) << "README: \"checks " << m[1] << " cited properties\"";
  ASSERT_TRUE(std::regex_search(readme, m, std::regex(R"(verdict: \d+ FAILING(?:, \d+ not witnessed)? \((\d+) properties\))")));
  EXPECT_EQ(std::stoul(m[1]), count) << "README's worked example";
  ASSERT_TRUE(std::regex_search(readme, m, std::regex(R"(the card library \((\d+) cards)")));
  const auto cards = sh("'" BC_BINARY "' cards --json");
  ASSERT_EQ(cards.code, 0);
  const nlohmann::json c = nlohmann::json::parse(cards.out);
  EXPECT_EQ(std::stoul(m[1]), c.is_array() ? c.size() : c.at("cards").size()) << "README: the card library's size";
}

TEST(DocFigures, TheTimingsAndKindsOfTheCorpusGoals) {
  const std::string md = read(fs::path(BC_SOURCE_DIR) / "docs" / "corpus.md");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(md, m, std::regex(R"(for each of the (\d+) timings and (\d+) kinds)")));
  EXPECT_EQ(std::stoi(m[1]), bc::kTimingCount);
  EXPECT_EQ(std::stoi(m[2]), bc::kEffectKindCount);
}

TEST(DocFigures, TheShippedScenarioTableListsEveryScenarioFile) {
  const std::string md = read(fs::path(BC_SOURCE_DIR) / "docs" / "scenario-format.md");
  const std::size_t from = md.find("## Shipped scenarios");
  ASSERT_NE(from, std::string::npos);
  const std::string section = md.substr(from, md.find("\n## ", from + 1) - from);
  std::set<std::string> listed, files;
  const std::regex file("`([a-z0-9-]+\\.toml)`");
  std::istringstream in(section);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| `", 0) != 0) continue;
    const std::string cell = line.substr(0, line.find(" | "));
    for (std::sregex_iterator it(cell.begin(), cell.end(), file), e; it != e; ++it) listed.insert((*it)[1]);
  }
  for (const auto& e : fs::directory_iterator(fs::path(BC_SOURCE_DIR) / "scenarios"))
    if (e.path().extension() == ".toml") files.insert(e.path().filename().string());
  for (const std::string& f : files) EXPECT_TRUE(listed.count(f)) << "docs/scenario-format.md does not list " << f;
  for (const std::string& f : listed) EXPECT_TRUE(files.count(f)) << "docs/scenario-format.md lists a missing " << f;
}

TEST(CliBasics, VersionAndTheValidInputFormsOfVerifyTrace) {
  const auto v = sh("'" BC_BINARY "' --version");
  EXPECT_EQ(v.code, 0);
  EXPECT_TRUE(std::regex_match(v.out, std::regex("battlecheck [0-9]+\\.[0-9]+\\.[0-9]+\n"))) << v.out;
  const auto help = sh("'" BC_BINARY "' verify-trace --help");
  EXPECT_NE(help.out.find("ygopro"), std::string::npos) << help.out;
  const auto bad = sh("'" BC_BINARY "' verify-trace --from nope a.jsonl b.jsonl");
  EXPECT_EQ(bad.code, 2) << bad.out;
  EXPECT_NE(bad.out.find("trace"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("ygopro"), std::string::npos) << bad.out;
  EXPECT_EQ(bad.out.find("a.jsonl"), std::string::npos) << bad.out;  // said once, not per file
}

}  // namespace
