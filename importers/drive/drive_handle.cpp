/// EngineHandle, one request to the engine, and the names of DriveKind (drive_handle.hpp).
#include "importers/drive/drive_handle.hpp"

#include "importers/drive/drive_response.hpp"
#include "model/loaders/loader.hpp"

namespace bc {

using json = nlohmann::json;

DriveKind failure_kind(EngineStatus s) {
  switch (s) {
    case EngineStatus::Crashed: return DriveKind::EngineCrashed;
    case EngineStatus::Hung: return DriveKind::EngineHung;
    case EngineStatus::Garbage: return DriveKind::EngineGarbage;
    default: return DriveKind::EngineError;
  }
}

std::string_view name(DriveKind k) {
  switch (k) {
    case DriveKind::None: return "none";
    case DriveKind::OpeningEvents: return "opening_events";
    case DriveKind::Actions: return "actions";
    case DriveKind::Events: return "events";
    case DriveKind::EngineError: return "engine_error";
    case DriveKind::EngineCrashed: return "engine_crashed";
    case DriveKind::EngineHung: return "engine_hung";
    case DriveKind::EngineGarbage: return "engine_garbage";
    case DriveKind::Trace: return "trace";
  }
  return "?";
}

bool is_engine_failure(DriveKind k) {
  return k == DriveKind::EngineError || k == DriveKind::EngineCrashed || k == DriveKind::EngineHung ||
         k == DriveKind::EngineGarbage;
}

EngineProcess& EngineHandle::get() {
  if (!process_ || !process_->alive()) {
    process_.reset();  // reap the old one before starting anew
    process_ = std::make_unique<EngineProcess>(spec_.argv, spec_.timeout_ms);
    ++starts_;
    runs_on_process_ = 0;
  }
  return *process_;
}

CallFailure engine_request(EngineHandle& handle, const json& request, json& body) {
  ++handle.calls;
  EngineReply reply = handle.get().call(request);
  if (reply.status == EngineStatus::NotStarted) throw InputError("--engine: " + reply.detail);
  if (!reply.ok()) return {failure_kind(reply.status), reply.detail};
  if (!reply.surplus.empty()) {
    const EngineReply blamed = handle.current().blame_surplus(!answers(reply.body, request), reply.surplus);
    return {failure_kind(blamed.status), blamed.detail};
  }
  const std::string error = response_error(reply.body, request);
  if (!error.empty()) return {DriveKind::EngineError, error};
  body = std::move(reply.body);
  return {};
}

CallFailure malformed_response(EngineHandle& handle, const std::string& error) {
  const EngineReply late = handle.current().explain_malformed(kDriveSettleMs);
  if (!late.ok()) return {failure_kind(late.status), late.detail};
  return {DriveKind::EngineError, error};
}

bool EngineHandle::reused() const { return process_ && process_->alive() && runs_on_process_ > 0; }

}  // namespace bc
