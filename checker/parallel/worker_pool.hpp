#pragma once
/// A fixed team of threads for the parallel checker's phases: run(f) calls
/// f(0) on the calling thread and f(1)..f(n-1) on the workers, and returns
/// when all have finished (a fork-join barrier). What each call does is
/// decided by the caller from the index alone, so results never depend on
/// scheduling. A thread waiting for the next job (or for the others to
/// finish) spins for up to kSpinMicros before it sleeps: the checker runs
/// several short jobs a millisecond, and waking a sleeping thread costs tens
/// of microseconds (more in a virtual machine). With more threads than
/// cores nobody spins: a spinning thread would hold the core that the
/// thread it waits for needs.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace bc {

class WorkerPool {
 public:
  /// `threads` >= 1; the pool starts threads - 1 workers.
  explicit WorkerPool(int threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int size() const { return threads_; }
  /// Run job(i) for every thread index i in [0, size()) and wait for all.
  /// An exception thrown by any of them (the first) is rethrown here.
  void run(const std::function<void(int)>& job);

 private:
  static constexpr int kSpinMicros = 200;  ///< spin this long before blocking
  void work(int index);
  /// Busy-wait until ready() or kSpinMicros have passed.
  template <class Ready>
  void spin_until(Ready ready);
  void keep_first_error(std::exception_ptr e);

  int threads_;
  bool spin_;  ///< threads_ <= the cores: waiting threads spin before they sleep
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_cv_, done_cv_;
  const std::function<void(int)>* job_ = nullptr;
  std::atomic<std::uint64_t> generation_{0};  ///< bumped for every job
  std::atomic<int> pending_{0};               ///< workers still running the current job
  bool quit_ = false;
  std::mutex error_mutex_;
  std::exception_ptr error_;
};

/// Threads to use for `requested` (0 = every core the machine has, at least 1).
int resolve_threads(int requested);

/// The machine's cores (hardware threads), at least 1.
int machine_cores();

}  // namespace bc
