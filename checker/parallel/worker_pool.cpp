#include "checker/parallel/worker_pool.hpp"

#include <chrono>


namespace bc {

WorkerPool::WorkerPool(int threads) : threads_(threads < 1 ? 1 : threads), spin_(threads_ <= machine_cores()) {
  for (int i = 1; i < threads_; ++i) workers_.emplace_back([this, i] { work(i); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
    generation_.fetch_add(1);
  }
  start_cv_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void WorkerPool::run(const std::function<void(int)>& job) {
  if (threads_ == 1) {
    job(0);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = &job;
    pending_.store(threads_ - 1);
    generation_.fetch_add(1);
  }
  start_cv_.notify_all();
  try {
    job(0);
  } catch (...) {
    keep_first_error(std::current_exception());
  }
  spin_until([this] { return pending_.load() == 0; });
  if (pending_.load() != 0) {
    std::unique_lock<std::mutex> lock(mutex_);
    done_cv_.wait(lock, [this] { return pending_.load() == 0; });
  }
  job_ = nullptr;
  std::exception_ptr error;
  std::swap(error, error_);
  if (error) std::rethrow_exception(error);  // after every thread stopped touching the job's data
}

void WorkerPool::keep_first_error(std::exception_ptr e) {
  std::lock_guard<std::mutex> lock(error_mutex_);
  if (!error_) error_ = e;
}

void WorkerPool::work(int index) {
  std::uint64_t seen = 0;
  for (;;) {
    const std::function<void(int)>* job = nullptr;
    spin_until([&] { return generation_.load() != seen; });
    {
      std::unique_lock<std::mutex> lock(mutex_);
      start_cv_.wait(lock, [&] { return quit_ || generation_.load() != seen; });
      if (quit_) return;
      seen = generation_.load();
      job = job_;
    }
    try {
      (*job)(index);
    } catch (...) {  // e.g. std::bad_alloc: rethrown by run() on the calling thread
      keep_first_error(std::current_exception());
    }
    if (pending_.fetch_sub(1) == 1) {
      std::lock_guard<std::mutex> lock(mutex_);
      done_cv_.notify_one();
    }
  }
}

template <class Ready>
void WorkerPool::spin_until(Ready ready) {
  using Clock = std::chrono::steady_clock;
  if (!spin_) return;
  const Clock::time_point until = Clock::now() + std::chrono::microseconds(kSpinMicros);
  for (int i = 1; !ready(); ++i) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
    if (i % 64 == 0 && Clock::now() >= until) return;
  }
}

int resolve_threads(int requested) { return requested > 0 ? requested : machine_cores(); }

int machine_cores() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

}  // namespace bc
