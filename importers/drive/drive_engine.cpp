#include "importers/drive/drive_engine.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "importers/drive/drive_response.hpp"
#include "trace/input/json_input.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

constexpr std::size_t kStderrKeep = 2048;
constexpr std::size_t kMaxLine = 64u << 20;  ///< a response longer than this is garbage
/// How often a call waiting on the engine checks whether it has exited (its
/// children may keep its stdout open after it did).
constexpr int kPollSliceMs = 20;
/// wait_ready's result when the engine itself exited while waiting.
constexpr int kEngineExited = -2;

using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left < 0 ? 0 : static_cast<int>(left);
}

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

/// Child side after fork: wire the pipes, own process group, exec. Reports
/// an exec failure's errno on `report` (close-on-exec, so success closes it).
[[noreturn]] void exec_child(const std::vector<std::string>& argv, int in, int out, int err, int report) {
  setpgid(0, 0);
  dup2(in, STDIN_FILENO);
  dup2(out, STDOUT_FILENO);
  dup2(err, STDERR_FILENO);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  signal(SIGPIPE, SIG_DFL);
  execvp(args[0], args.data());
  const int e = errno;
  [[maybe_unused]] const auto n = write(report, &e, sizeof e);
  _exit(127);
}

std::string printable(const std::string& s, std::size_t max) {
  std::string out;
  for (char c : s.substr(0, max)) {
    if (c == '\n') out += " | ";
    else out += (c >= 32 && c < 127) ? c : '?';
  }
  if (s.size() > max) out += "...";
  return out;
}

/// " (after a partial line '...')" for unterminated output, else "".
std::string partial_line(const std::string& buffer) {
  return is_blank(buffer) ? "" : " (after a partial line '" + brief_text(buffer, 200) + "')";
}

}  // namespace

EngineProcess::EngineProcess(const std::vector<std::string>& argv, int timeout_ms) : timeout_ms_(timeout_ms) {
  std::signal(SIGPIPE, SIG_IGN);  // a dead engine must not kill battlecheck on write
  int in[2], out[2], err[2], report[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0 ||
      pipe2(report, O_CLOEXEC) != 0) {
    start_error_ = std::string("cannot create pipes: ") + std::strerror(errno);
    return;
  }
  pid_ = fork();
  if (pid_ == 0) exec_child(argv, in[0], out[1], err[1], report[1]);
  close(in[0]);
  close(out[1]);
  close(err[1]);
  close(report[1]);
  if (pid_ < 0) {
    start_error_ = std::string("fork failed: ") + std::strerror(errno);
    close(in[1]); close(out[0]); close(err[0]); close(report[0]);
    return;
  }
  setpgid(pid_, pid_);
  int child_errno = 0;
  ssize_t n;
  do n = read(report[0], &child_errno, sizeof child_errno); while (n < 0 && errno == EINTR);
  close(report[0]);
  if (n == static_cast<ssize_t>(sizeof child_errno))
    start_error_ = "cannot execute '" + argv[0] + "': " + std::strerror(child_errno);
  to_child_ = in[1];
  from_child_ = out[0];
  err_from_child_ = err[0];
  set_nonblocking(from_child_);
  set_nonblocking(err_from_child_);
  set_nonblocking(to_child_);
}

EngineProcess::~EngineProcess() { stop(); }

void EngineProcess::stop() {
  if (to_child_ >= 0) close(to_child_);
  to_child_ = -1;
  // Closing stdin lets a well-behaved engine exit; give it a moment, then kill.
  for (int i = 0; i < 20 && !reap_if_exited(); ++i) usleep(5000);
  kill_and_reap();
  if (from_child_ >= 0) close(from_child_);
  if (err_from_child_ >= 0) close(err_from_child_);
  from_child_ = err_from_child_ = -1;
}

bool EngineProcess::reap_if_exited() {
  if (pid_ <= 0 || reaped_) return true;
  // WNOWAIT: the exited engine stays a zombie, which keeps its process group
  // id from being reused while the group (its children) is killed.
  siginfo_t info{};
  if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
    if (errno == ECHILD) reaped_ = true;  // someone else reaped it: nothing left to wait for
    return reaped_;
  }
  if (info.si_pid != pid_) return false;
  kill_and_reap();
  return true;
}

void EngineProcess::kill_and_reap() {
  if (pid_ <= 0 || reaped_) return;
  kill(-pid_, SIGKILL);  // the whole group: the engine's children must not outlive it
  kill(pid_, SIGKILL);
  pid_t r;
  do r = waitpid(pid_, &wait_status_, 0); while (r < 0 && errno == EINTR);
  if (r != pid_) wait_status_ = -1;
  reaped_ = true;
}

void EngineProcess::drain_stderr() {
  if (err_from_child_ < 0) return;
  char chunk[4096];
  for (;;) {
    const ssize_t n = read(err_from_child_, chunk, sizeof chunk);
    if (n <= 0) {
      if (n == 0) { close(err_from_child_); err_from_child_ = -1; }
      return;
    }
    stderr_tail_.append(chunk, static_cast<std::size_t>(n));
    if (stderr_tail_.size() > kStderrKeep) stderr_tail_.erase(0, stderr_tail_.size() - kStderrKeep);
  }
}

std::string EngineProcess::exit_text() {
  for (int i = 0; i < 40 && !reap_if_exited(); ++i) usleep(5000);
  if (!reaped_ || wait_status_ < 0) return "it closed its output";
  if (WIFEXITED(wait_status_)) return "it exited with code " + std::to_string(WEXITSTATUS(wait_status_));
  if (WIFSIGNALED(wait_status_)) return std::string("it was killed by signal ") + strsignal(WTERMSIG(wait_status_));
  return "it stopped";
}

EngineReply EngineProcess::fail(EngineStatus s, const std::string& what) {
  failed_ = true;
  std::string detail = what;
  kill_and_reap();  // a failed engine is never used again
  drain_stderr();
  if (!stderr_tail_.empty()) detail += "; its stderr ends with: " + printable(stderr_tail_, kStderrKeep);
  return {s, nullptr, detail, {}};
}

int EngineProcess::wait_ready(pollfd* fds, int count, Clock::time_point deadline) {
  for (;;) {
    const int left = remaining_ms(deadline);
    const int ready = poll(fds, static_cast<nfds_t>(count), std::min(left, kPollSliceMs));
    if (ready != 0) return ready;
    if (reap_if_exited()) return kEngineExited;
    if (left == 0) return 0;
  }
}

bool EngineProcess::read_available() {
  char chunk[65536];
  for (;;) {
    const ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(n));
      if (buffer_.size() > kMaxLine) return true;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n == 0;
  }
}

EngineReply EngineProcess::surplus(const std::string& after) {
  const std::size_t start = buffer_.find_first_not_of(" \t\r\n");
  const std::string extra = buffer_.substr(start, buffer_.find('\n', start) - start);
  return fail(EngineStatus::Garbage, "the engine wrote an extra line after its response to " +
                                         brief_text(after, 120) + ": '" + brief_text(extra, 200) + "'");
}

EngineReply EngineProcess::check_idle(int settle_ms) {
  if (!start_error_.empty() || failed_) return EngineReply{};
  read_available();
  if (is_blank(buffer_) && settle_ms > 0) {
    pollfd p{from_child_, POLLIN, 0};
    if (poll(&p, 1, settle_ms) > 0) read_available();
  }
  if (!is_blank(buffer_)) return surplus(last_request_);
  buffer_.clear();
  return EngineReply{};
}

EngineReply EngineProcess::blame_surplus(bool leftover, const std::string& second) {
  failed_ = true;  // fail() reaps and adds the stderr tail; the process is already stopped
  if (leftover)
    return fail(EngineStatus::Garbage, "the engine wrote an extra line after its response to " +
                                           brief_text(previous_request_, 120) + ": '" + brief_text(last_reply_, 200) +
                                           "' (read as the answer to " + brief_text(last_request_, 120) + ")");
  return fail(EngineStatus::Garbage, "the engine wrote an extra line after its response to " +
                                         brief_text(last_request_, 120) + ": '" + brief_text(second, 200) + "'");
}

EngineReply EngineProcess::explain_malformed(int settle_ms) {
  if (!start_error_.empty() || failed_ || previous_request_.empty()) return EngineReply{};
  read_available();
  if (is_blank(buffer_)) {
    pollfd p{from_child_, POLLIN, 0};
    if (poll(&p, 1, settle_ms) > 0) read_available();
  }
  if (is_blank(buffer_)) return EngineReply{};
  return fail(EngineStatus::Garbage, "the engine wrote an extra line after its response to " +
                                         brief_text(previous_request_, 120) + ": '" + brief_text(last_reply_, 200) +
                                         "' (read as the answer to " + brief_text(last_request_, 120) + ")");
}

EngineReply EngineProcess::send(const std::string& line, Clock::time_point deadline) {
  std::size_t sent = 0;
  while (sent < line.size()) {
    const ssize_t n = write(to_child_, line.data() + sent, line.size() - sent);
    if (n > 0) { sent += static_cast<std::size_t>(n); continue; }
    if (n < 0 && errno == EPIPE) return fail(EngineStatus::Crashed, "the engine stopped reading its input: " + exit_text());
    if (n < 0 && errno != EAGAIN && errno != EINTR) return fail(EngineStatus::Crashed, std::string("write failed: ") + std::strerror(errno));
    pollfd p{to_child_, POLLOUT, 0};
    const int ready = wait_ready(&p, 1, deadline);
    if (ready == kEngineExited) return fail(EngineStatus::Crashed, "the engine exited before reading its input: " + exit_text());
    if (ready == 0)
      return fail(EngineStatus::Hung, "no response within " + std::to_string(timeout_ms_) + " ms (it does not read its input)");
  }
  return EngineReply{};
}

EngineReply EngineProcess::receive(Clock::time_point deadline) {
  for (;;) {
    const std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      const std::string reply = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (is_blank(reply)) continue;  // blank lines are tolerated
      EngineReply r = parse_response_line(reply);
      if (!r.ok()) return fail(r.status, r.detail);
      last_reply_ = reply;
      read_available();
      if (!is_blank(buffer_)) {  // two lines for one request: stop the engine, let the caller say which is extra
        const std::size_t start = buffer_.find_first_not_of(" \t\r\n");
        r.surplus = buffer_.substr(start, buffer_.find('\n', start) - start);
        failed_ = true;
        kill_and_reap();
      }
      return r;
    }
    if (buffer_.size() > kMaxLine) return fail(EngineStatus::Garbage, "a response line longer than 64 MiB");
    pollfd fds[2] = {{from_child_, POLLIN, 0}, {err_from_child_, POLLIN, 0}};
    const int ready = wait_ready(fds, err_from_child_ >= 0 ? 2 : 1, deadline);
    if (ready == kEngineExited) {
      read_available();  // a response written just before it exited still counts
      if (buffer_.find('\n') != std::string::npos) continue;
      return fail(EngineStatus::Crashed, "the engine exited without a response: " + exit_text() + partial_line(buffer_));
    }
    if (ready == 0) return fail(EngineStatus::Hung, "no response within " + std::to_string(timeout_ms_) + " ms");
    if (ready < 0 && errno != EINTR) return fail(EngineStatus::Crashed, std::string("poll failed: ") + std::strerror(errno));
    if (err_from_child_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP))) drain_stderr();
    if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    const bool eof = read_available();
    if (eof && buffer_.find('\n') == std::string::npos)
      return fail(EngineStatus::Crashed,
                  "the engine closed its output without a response: " + exit_text() + partial_line(buffer_));
  }
}

EngineReply EngineProcess::call(const nlohmann::json& request) {
  if (!start_error_.empty()) return fail(EngineStatus::NotStarted, start_error_);
  if (failed_) return {EngineStatus::Crashed, nullptr, "the engine is no longer running", {}};
  if (read_available(), !is_blank(buffer_)) return surplus(last_request_);
  buffer_.clear();
  if (reaped_) return fail(EngineStatus::Crashed, "the engine exited after its response to " +
                                                      brief_text(last_request_, 120) + ": " + exit_text());
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms_);
  std::string line = request.dump();
  line += '\n';
  EngineReply sent = send(line, deadline);
  if (!sent.ok()) return sent;
  line.pop_back();
  previous_request_ = std::move(last_request_);
  last_request_ = std::move(line);
  return receive(deadline);
}

}  // namespace bc
