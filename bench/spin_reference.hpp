#pragma once
// The SPIN reference run of bench_check (issue 14): build the verifier of
// ../shared/bench/battle.pml with Debian's spin and gcc, in the modes its
// README gives (full state storage, and hash compaction with -DHC4), and run
// it as a child process, timed like battlecheck's own runs.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace bench {

/// One run of a pan verifier.
struct SpinSample {
  std::uint64_t states = 0;  ///< "states, stored"
  double seconds = 0;        ///< wall clock
  double cpu_seconds = 0;    ///< user + system of the child
  std::uint64_t peak_rss_bytes = 0;
};

/// Run `command` through /bin/sh with stdout to `out_file`; wall and child
/// CPU time, peak RSS. nullopt if it could not be started or failed.
inline std::optional<SpinSample> run_timed(const std::string& command, const std::string& out_file) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) return std::nullopt;
  if (pid == 0) {
    const std::string line = command + " >'" + out_file + "' 2>&1";
    execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage ru{};
  if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  SpinSample s;
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  s.cpu_seconds = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                  static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
  s.peak_rss_bytes = static_cast<std::uint64_t>(ru.ru_maxrss) * 1024u;
  return s;
}

/// The number before "states, stored" in pan's report (0 if absent).
inline std::uint64_t stored_states(const std::string& file) {
  std::FILE* f = std::fopen(file.c_str(), "r");
  if (f == nullptr) return 0;
  char line[512];
  std::uint64_t n = 0;
  while (std::fgets(line, sizeof line, f) != nullptr) {
    const std::string l(line);
    const std::size_t at = l.find("states, stored");
    if (at != std::string::npos) n = std::strtoull(l.c_str(), nullptr, 10);
  }
  std::fclose(f);
  return n;
}

/// A built pan verifier in a scratch directory.
class SpinReference {
 public:
  /// Build pan (full storage) and pan_hc4 from `model`; `error` says why not.
  bool build(const std::string& model, std::string& error) {
    namespace fs = std::filesystem;
    if (!fs::exists(model)) {
      error = model + ": no such file (pass --spin-model)";
      return false;
    }
    char tmpl[] = "/tmp/bench-spin-XXXXXX";
    if (mkdtemp(tmpl) == nullptr) {
      error = "cannot create a scratch directory";
      return false;
    }
    dir_ = tmpl;
    fs::copy_file(model, dir_ + "/battle.pml");
    const std::string cd = "cd '" + dir_ + "' && ";
    const std::string flags = "gcc -O2 -DSAFETY -DMEMLIM=8000 -DNOREDUCE";
    if (std::system((cd + "spin -a battle.pml >spin.log 2>&1").c_str()) != 0 ||
        std::system((cd + flags + " -o pan pan.c >gcc.log 2>&1").c_str()) != 0 ||
        std::system((cd + flags + " -DHC4 -o pan_hc4 pan.c >>gcc.log 2>&1").c_str()) != 0) {
      error = "spin -a / gcc failed in " + dir_ + " (is Debian's spin installed? ci/setup installs it)";
      return false;
    }
    return true;
  }
  ~SpinReference() {
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }

  /// One exhaustive run: `hash_compact` picks pan_hc4.
  std::optional<SpinSample> run(bool hash_compact) const {
    const std::string out = dir_ + "/pan.out";
    std::optional<SpinSample> s =
        run_timed("cd '" + dir_ + "' && ./" + (hash_compact ? "pan_hc4" : "pan") + " -m10000 -w26", out);
    if (s) s->states = stored_states(out);
    if (s && s->states == 0) return std::nullopt;
    return s;
  }

 private:
  std::string dir_;
};

}  // namespace bench
