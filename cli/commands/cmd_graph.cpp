/// `battlecheck graph`: the step/timing graph of the explored states as Graphviz dot.
#include <iostream>
#include <memory>

#include "cli/commands/commands.hpp"
#include "model/loaders/loader.hpp"

namespace bc::cli {
namespace {

struct GraphOptions {
  ModelOptions model;
  BoundOptions bounds;
  std::string output;
  bool force = false;
};

int run_graph(const GraphOptions& opts) {
  const Inputs in = load_inputs(opts.model);
  const Model model(in.scenario, in.rules);
  const std::string dot = timing_graph_dot(model, to_bounds(opts.bounds));
  if (opts.output.empty() || opts.output == "-") {
    std::cout << dot;
    return kExitOk;
  }
  const WriteResult w = write_file_atomic(opts.output, dot, opts.force);
  if (!w.ok) throw InputError(w.error);
  std::cerr << "wrote " << opts.output << "\n";
  return kExitOk;
}

}  // namespace

Command add_graph_command(CLI::App& root) {
  auto opts = std::make_shared<GraphOptions>();
  CLI::App* app = root.add_subcommand("graph", "Write the step/timing graph of the explored states as Graphviz dot: a node is a timing window, an edge "
      "A -> B is labelled with the number of explored transitions from a state at A to a state at B");
  add_model_options(*app, opts->model);
  add_bound_options(*app, opts->bounds);
  app->add_option("-o,--output", opts->output, "Output file (default: stdout)");
  app->add_flag("--force", opts->force, "Overwrite an existing output file");
  return {app, [opts] { return run_graph(*opts); }};
}

}  // namespace bc::cli
