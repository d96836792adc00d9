#pragma once
/// An engine under test as a child process speaking the JSON-lines protocol
/// of docs/engine-protocol.md: one request line in, one response line out.
/// Started with fork/execvp of an argv (never a shell), stdin/stdout/stderr on
/// pipes, every call bounded by a timeout. An engine that exits, hangs or
/// prints something that is not a JSON object is reported as such (a value,
/// not an exception) and killed; battlecheck never waits on it unbounded.
#include <chrono>
#include <poll.h>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

#include <nlohmann/json.hpp>

namespace bc {

/// Split a command line into argv the way a POSIX shell splits words, without
/// running a shell: blanks separate words, 'single quotes' keep everything,
/// "double quotes" keep everything but \" \\ \$ \` escapes, a backslash
/// outside quotes escapes the next character. Throws InputError on an
/// unterminated quote, a trailing backslash or an empty command.
std::vector<std::string> split_command(std::string_view command);

/// How one call to the engine went.
enum class EngineStatus {
  Ok,          ///< a JSON object came back (it may still be {"error": ...})
  Crashed,     ///< the engine exited or closed its stdout
  Hung,        ///< no complete response line within the timeout
  Garbage,     ///< the response line is not a JSON object
  NotStarted,  ///< the program could not be executed at all
};

/// Text name of a status ("ok", "crashed", "hung", "garbage", "not_started").
std::string_view name(EngineStatus s);

/// One response (or the failure that replaced it).
struct EngineReply {
  EngineStatus status = EngineStatus::Ok;
  nlohmann::json body;   ///< the response object when status is Ok
  std::string detail;    ///< what went wrong, with exit code / signal and the last stderr lines
  /// Ok, but a second line came with the response (the engine is out of step
  /// and already stopped): its text. Which of the two lines is the surplus
  /// only the caller can tell, by their shape (see blame_surplus).
  std::string surplus;
  bool ok() const { return status == EngineStatus::Ok; }
};

/// A running engine. Not copyable; the destructor ends the child (closes its
/// stdin, waits briefly, then SIGKILL to its process group) and reaps it.
/// Whenever the engine is reaped its whole process group is killed first, so
/// no child it started outlives battlecheck's use of it.
class EngineProcess {
 public:
  /// Starts `argv` (argv[0] looked up in PATH). A program that cannot be
  /// executed is reported by the first call (status NotStarted).
  EngineProcess(const std::vector<std::string>& argv, int timeout_ms);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  /// Send one request line and read one response line. Output beyond that
  /// one line (before the next request is sent, or already read with the
  /// response) is a protocol fault: Garbage, naming the request it followed.
  EngineReply call(const nlohmann::json& request);
  /// Checks that the engine wrote nothing since its last response (Ok), else
  /// reports the surplus as call() would (Garbage) and kills the engine, so a
  /// process out of step is never reused for the next run. Waits up to
  /// `settle_ms` for such output when none has arrived yet.
  EngineReply check_idle(int settle_ms = 0);
  /// Names the surplus of a reply that came with one: `leftover` says the
  /// first line was the previous request's extra answer, else the second line
  /// is one too many after this request's answer. Always Garbage.
  EngineReply blame_surplus(bool leftover, const std::string& second);
  /// After a response of the wrong shape: if another line follows within
  /// `settle_ms`, that response was a surplus line left from the request
  /// before, and the engine is out of step: Garbage naming that request.
  /// Ok when nothing follows (the response was simply wrong).
  EngineReply explain_malformed(int settle_ms);
  /// False once the child has died, hung or been killed.
  bool alive() const { return pid_ > 0 && !failed_; }
  /// The last lines the engine wrote on stderr (at most ~2 KiB).
  const std::string& stderr_tail() const { return stderr_tail_; }

 private:
  EngineReply fail(EngineStatus s, const std::string& what);
  EngineReply send(const std::string& line, std::chrono::steady_clock::time_point deadline);
  EngineReply receive(std::chrono::steady_clock::time_point deadline);
  EngineReply surplus(const std::string& after);
  int wait_ready(pollfd* fds, int count, std::chrono::steady_clock::time_point deadline);
  bool read_available();
  bool reap_if_exited();
  void kill_and_reap();
  void drain_stderr();
  std::string exit_text();
  void stop();

  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  int err_from_child_ = -1;
  int timeout_ms_;
  bool failed_ = false;
  std::string start_error_;  ///< why exec failed, if it did
  std::string buffer_;       ///< stdout bytes not yet consumed
  std::string stderr_tail_;
  std::string last_request_;  ///< the last request line sent (to name it in a surplus fault)
  std::string previous_request_;  ///< the request before it
  std::string last_reply_;        ///< the last response line read
  int wait_status_ = -1;
  bool reaped_ = false;      ///< waited for; pid_ may no longer be used
};

}  // namespace bc
