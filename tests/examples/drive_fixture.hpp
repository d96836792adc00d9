#pragma once
/// Shared by the drive tests: the example engines (examples/engines/, run
/// with python3) and random-run options.
#include <cstdint>
#include <string>

#include "importers/drive/drive.hpp"

namespace bc::test {

/// Where the example engines live.
inline const std::string kEngines = std::string(BC_SOURCE_DIR) + "/examples/engines/";

/// An example engine by file name, with a call timeout.
inline EngineSpec engine(const std::string& file, int timeout_ms = 5000) {
  EngineSpec spec;
  spec.argv = {"/usr/bin/python3", kEngines + file};
  spec.timeout_ms = timeout_ms;
  return spec;
}

/// `runs` random runs on generated boards from `seed`.
inline DriveOptions random_runs(int runs, std::uint64_t seed) {
  DriveOptions o;
  o.random_runs = runs;
  o.seed = seed;
  return o;
}

}  // namespace bc::test
