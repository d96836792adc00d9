#include "counterexamples/drive_engine.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "model/loader.hpp"

namespace bc {
namespace {

constexpr std::size_t kStderrKeep = 2048;
constexpr std::size_t kMaxLine = 64u << 20;  ///< a response longer than this is garbage

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

}  // namespace

std::vector<std::string> split_command(std::string_view command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\\') {
      if (++i == command.size()) throw InputError("--engine: trailing backslash in '" + std::string(command) + "'");
      word += command[i];
    } else if (c == '\'') {
      const std::size_t end = command.find('\'', i + 1);
      if (end == std::string_view::npos) throw InputError("--engine: unterminated ' quote in '" + std::string(command) + "'");
      word += command.substr(i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      std::size_t j = i + 1;
      for (; j < command.size() && command[j] != '"'; ++j) {
        if (command[j] == '\\' && j + 1 < command.size() && std::string_view("\"\\$`").find(command[j + 1]) != std::string_view::npos) ++j;
        word += command[j];
      }
      if (j >= command.size()) throw InputError("--engine: unterminated \" quote in '" + std::string(command) + "'");
      i = j;
    } else {
      word += c;
    }
  }
  if (in_word) words.push_back(word);
  if (words.empty()) throw InputError("--engine: empty command");
  return words;
}

std::string_view name(EngineStatus s) {
  switch (s) {
    case EngineStatus::Ok: return "ok";
    case EngineStatus::Crashed: return "crashed";
    case EngineStatus::Hung: return "hung";
    case EngineStatus::Garbage: return "garbage";
    case EngineStatus::NotStarted: return "not_started";
  }
  return "?";
}

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
  if (pid_ > 0 && wait_status_ < 0) {
    // Closing stdin lets a well-behaved engine exit; give it a moment, then kill.
    for (int i = 0; i < 20 && wait_status_ < 0; ++i) {
      if (waitpid(pid_, &wait_status_, WNOHANG) == pid_) break;
      wait_status_ = -1;
      usleep(5000);
    }
    if (wait_status_ < 0) {
      kill(-pid_, SIGKILL);
      kill(pid_, SIGKILL);
      waitpid(pid_, &wait_status_, 0);
    }
  }
  if (from_child_ >= 0) close(from_child_);
  if (err_from_child_ >= 0) close(err_from_child_);
  from_child_ = err_from_child_ = -1;
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
  if (pid_ > 0 && wait_status_ < 0) {
    for (int i = 0; i < 40 && waitpid(pid_, &wait_status_, WNOHANG) != pid_; ++i) {
      wait_status_ = -1;
      usleep(5000);
    }
  }
  if (wait_status_ < 0) return "it closed its output";
  if (WIFEXITED(wait_status_)) return "it exited with code " + std::to_string(WEXITSTATUS(wait_status_));
  if (WIFSIGNALED(wait_status_)) return std::string("it was killed by signal ") + strsignal(WTERMSIG(wait_status_));
  return "it stopped";
}

EngineReply EngineProcess::fail(EngineStatus s, const std::string& what) {
  failed_ = true;
  std::string detail = what;
  if (s == EngineStatus::Hung || s == EngineStatus::Garbage) {
    kill(-pid_, SIGKILL);
    kill(pid_, SIGKILL);
    waitpid(pid_, &wait_status_, 0);
  }
  drain_stderr();
  if (!stderr_tail_.empty()) detail += "; its stderr ends with: " + printable(stderr_tail_, kStderrKeep);
  return {s, nullptr, detail};
}

EngineReply EngineProcess::call(const nlohmann::json& request) {
  if (!start_error_.empty()) return fail(EngineStatus::NotStarted, start_error_);
  if (failed_) return {EngineStatus::Crashed, nullptr, "the engine is no longer running"};
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms_);
  const std::string line = request.dump() + "\n";
  std::size_t sent = 0;
  while (sent < line.size()) {
    const ssize_t n = write(to_child_, line.data() + sent, line.size() - sent);
    if (n > 0) { sent += static_cast<std::size_t>(n); continue; }
    if (n < 0 && errno == EPIPE) return fail(EngineStatus::Crashed, "the engine stopped reading its input: " + exit_text());
    if (n < 0 && errno != EAGAIN && errno != EINTR) return fail(EngineStatus::Crashed, std::string("write failed: ") + std::strerror(errno));
    pollfd p{to_child_, POLLOUT, 0};
    if (poll(&p, 1, remaining_ms(deadline)) == 0)
      return fail(EngineStatus::Hung, "no response within " + std::to_string(timeout_ms_) + " ms (it does not read its input)");
  }
  for (;;) {
    const std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      const std::string reply = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (reply.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines are tolerated
      nlohmann::json body = nlohmann::json::parse(reply, nullptr, false);
      if (body.is_discarded() || !body.is_object())
        return fail(EngineStatus::Garbage, "the response is not a JSON object: '" + printable(reply, 200) + "'");
      return {EngineStatus::Ok, std::move(body), ""};
    }
    if (buffer_.size() > kMaxLine) return fail(EngineStatus::Garbage, "a response line longer than 64 MiB");
    pollfd fds[2] = {{from_child_, POLLIN, 0}, {err_from_child_, POLLIN, 0}};
    const int ready = poll(fds, err_from_child_ >= 0 ? 2 : 1, remaining_ms(deadline));
    if (ready == 0)
      return fail(EngineStatus::Hung, "no response within " + std::to_string(timeout_ms_) + " ms");
    if (ready < 0 && errno != EINTR) return fail(EngineStatus::Crashed, std::string("poll failed: ") + std::strerror(errno));
    if (err_from_child_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP))) drain_stderr();
    if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    char chunk[65536];
    const ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n > 0) { buffer_.append(chunk, static_cast<std::size_t>(n)); continue; }
    if (n == 0) {
      std::string what = "the engine closed its output without a response: ";
      what += exit_text();
      if (!buffer_.empty()) what += " (after a partial line '" + printable(buffer_, 200) + "')";
      return fail(EngineStatus::Crashed, what);
    }
    if (errno != EAGAIN && errno != EINTR) return fail(EngineStatus::Crashed, std::string("read failed: ") + std::strerror(errno));
  }
}

}  // namespace bc
