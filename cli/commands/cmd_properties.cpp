/// `battlecheck properties`: every property with its kind, statement and citations.
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli/commands/commands.hpp"

namespace bc::cli {
namespace {

int run_properties(bool json) {
  if (json) {
    nlohmann::json list = nlohmann::json::array();
    for (const PropertyInfo& p : properties()) {
      nlohmann::json cites = nlohmann::json::array();
      for (const Citation& c : p.citations)
        cites.push_back({{"source", std::string(c.source)}, {"section", std::string(c.section)}});
      list.push_back({{"id", std::string(p.id)}, {"kind", kind_name(p.kind)},
                      {"statement", std::string(p.statement)}, {"citations", cites}});
    }
    std::cout << list.dump(2) << "\n";
    return kExitOk;
  }
  for (const PropertyInfo& p : properties()) {
    std::cout << p.id << " (" << kind_name(p.kind) << ")\n"
              << "    " << p.statement << "\n"
              << "    " << citations_text(p.citations) << "\n";
  }
  std::cout << properties().size() << " properties\n";
  return kExitOk;
}

}  // namespace

Command add_properties_command(CLI::App& root) {
  auto json = std::make_shared<bool>(false);
  CLI::App* app = root.add_subcommand("properties", "List the properties: ids, kinds, statements, citations");
  app->add_flag("--json", *json, "Print a JSON array");
  return {app, [json] { return run_properties(*json); }};
}

}  // namespace bc::cli
