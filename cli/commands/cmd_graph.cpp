/// `battlecheck graph`: the step/timing graph of the explored states as Graphviz
/// dot, or drawn as SVG by Graphviz's `dot` (`--svg`).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <unistd.h>

#include "cli/commands/commands.hpp"
#include "model/loaders/loader.hpp"

namespace bc::cli {
namespace {

struct GraphOptions {
  ModelOptions model;
  BoundOptions bounds;
  std::string output;
  bool force = false;
  bool svg = false;
};

/// The graph drawn by Graphviz's `dot -Tsvg`; InputError when dot is missing or fails.
std::string render_svg(const std::string& dot) {
  namespace fs = std::filesystem;
  if (std::system("command -v dot >/dev/null 2>&1") != 0)
    throw InputError("--svg: Graphviz's dot is not installed (Debian package graphviz; ci/setup installs it); "
                     "without --svg the graph is written as dot text");
  std::error_code ec;
  const fs::path tmp = fs::temp_directory_path(ec);
  if (ec) throw InputError("--svg: no temporary directory (" + ec.message() + "; set TMPDIR)");
  const fs::path dir = tmp / ("battlecheck-graph-" + std::to_string(::getpid()));
  fs::create_directories(dir, ec);
  const fs::path in = dir / "graph.dot", out = dir / "graph.svg";
  if (ec || !(std::ofstream(in) << dot))
    throw InputError("--svg: cannot write a temporary file in " + dir.string() + (ec ? ": " + ec.message() : ""));
  const std::string cmd = "dot -Tsvg -o '" + out.string() + "' '" + in.string() + "'";
  const int rc = std::system(cmd.c_str());
  std::stringstream svg;
  svg << std::ifstream(out).rdbuf();
  fs::remove_all(dir, ec);
  if (rc != 0 || svg.str().empty()) throw InputError("--svg: dot -Tsvg failed (exit " + std::to_string(rc) + ")");
  return svg.str();
}

int run_graph(const GraphOptions& opts) {
  const Inputs in = load_inputs(opts.model);
  const Model model(in.scenario, in.rules);
  const std::string dot = timing_graph_dot(model, to_bounds(opts.bounds));
  const std::string text = opts.svg ? render_svg(dot) : dot;
  if (opts.output.empty() || opts.output == "-") {
    std::cout << text;
    return kExitOk;
  }
  const WriteResult w = write_file_atomic(opts.output, text, opts.force);
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
  app->add_flag("--svg", opts->svg, "Draw the graph as SVG with Graphviz's dot (Debian package graphviz) instead of writing dot text");
  return {app, [opts] { return run_graph(*opts); }};
}

}  // namespace bc::cli
