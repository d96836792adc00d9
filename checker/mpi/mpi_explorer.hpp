#pragma once
/// The exhaustive check spread over MPI ranks (run under mpirun), each rank
/// with threads inside. Each rank owns the states whose fingerprint hashes
/// to it; a level is expanded in rounds, each round's successors are sent to
/// their owners (nonblocking messages), and the owners keep the first
/// occurrence in (source id, action) order (checker/mpi/mpi_bfs.hpp). Ids,
/// verdicts and counterexamples are the ones of the one-process search
/// (checker/parallel/parallel_bfs.hpp) for any number of ranks and threads.
/// A run of one rank has nobody to exchange with: that rank runs the
/// shared-memory search itself (explore(), its threads inside). Built only when CMake finds MPI; otherwise explore_mpi reports that it is
/// missing.
#include <string>

#include "checker/search/search_types.hpp"

namespace bc {

/// Whether this build has MPI support.
bool mpi_built();

/// What an MPI run gives this rank: the whole result on rank 0; other ranks
/// only learn their rank (their result is empty).
struct MpiOutcome {
  CheckResult result;
  int rank = 0;
  int ranks = 1;
  std::string error;  ///< not empty: MPI is missing or a bound is not supported (exit code 2)
};

/// Explore model's scenario with every rank of MPI_COMM_WORLD; initialises
/// MPI on first use. Bounds: max_depth and max_memory (per process) are
/// honoured; max_states is refused (error); threads is each rank's (0: the
/// machine's cores shared by the ranks on that machine).
MpiOutcome explore_mpi(const Model& model, const Bounds& bounds, const ProgressFn& progress = {});

/// Rank 0's exit code given to every rank (so mpirun returns it); then
/// MPI is finalised. Returns the code. Without MPI it returns `code`.
int mpi_finish(int code);

}  // namespace bc
