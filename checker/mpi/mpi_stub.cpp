// Stand-in for checker/mpi/mpi_bfs.cpp when CMake found no MPI.
#include "checker/mpi/mpi_explorer.hpp"

namespace bc {

bool mpi_built() { return false; }

MpiOutcome explore_mpi(const Model&, const Bounds&, const ProgressFn&) {
  MpiOutcome o;
  o.error = "this battlecheck was built without MPI: install libopenmpi-dev and openmpi-bin (ci/setup does), "
            "then rebuild";
  return o;
}

int mpi_finish(int code) { return code; }

}  // namespace bc
