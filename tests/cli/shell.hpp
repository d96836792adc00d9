#pragma once
/// Shared by the end-to-end CLI tests: run a shell command, capture its
/// output (stdout and stderr together) and exit code.
#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace bc::test {

struct ShellResult {
  int code = -1;    ///< exit code, -1 when killed by a signal
  std::string out;  ///< stdout and stderr, interleaved
};

/// Runs `cmd` with /bin/sh, stderr joined to stdout.
inline ShellResult sh(const std::string& cmd) {
  ShellResult r;
  FILE* p = ::popen((cmd + " 2>&1").c_str(), "r");
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
  const int status = ::pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace bc::test
