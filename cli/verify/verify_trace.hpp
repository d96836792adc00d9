#pragma once
/// `battlecheck verify-trace`: inputs turned into record streams, each
/// checked for conformance and properties (checker/conformance/conformance.hpp), and the
/// reports (text, JSON, JUnit XML). open_source() is the hook for other
/// input forms: `--from ygopro --cards F` (issue 6) adds a branch there that
/// returns its importer's records.
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/conformance/conformance.hpp"
#include "trace/format/trace_record.hpp"

namespace bc::cli {

/// Options of verify-trace.
struct VerifyOptions {
  std::vector<std::string> files;  ///< "-" = stdin
  std::string ruleset;             ///< empty = each trace's header ruleset
  std::string from = "trace";      ///< input form: "trace" (JSON Lines); importers add theirs
  std::string cards;               ///< card file for importers (--cards)
  std::string framing;             ///< framing for importers (--framing); empty = auto
  std::string junit;               ///< JUnit XML output file
  bool json = false;
  bool force = false;
  bool audit_cards = false;        ///< --audit-cards: also judge the engine's card declarations (exit 1 on a finding)
  int jobs = 0;                    ///< 0 = one per core
};

/// A stream of trace records from one input. Errors are values: "FILE:LINE: ...".
class RecordSource {
 public:
  virtual ~RecordSource() = default;
  /// The header; false on bad input (error() says why).
  virtual bool read_header(TraceHeader& header) = 0;
  /// The next record; false at the end (error() empty) or on bad input.
  virtual bool next(TraceRecord& record) = 0;
  virtual const std::string& error() const = 0;
  /// Card-data findings the input itself carries (an importer's outcome checks).
  virtual std::vector<std::string> card_findings() const { return {}; }
  /// Per record (line - 2): the byte offset of the message it came from, for imported inputs.
  virtual std::vector<std::size_t> byte_offsets() const { return {}; }
  /// Per scenario card index, the engine's passcode (0: none known), for
  /// messages that name cards as an implementer knows them.
  virtual std::vector<std::uint32_t> card_codes() const { return {}; }
  /// What the importer could not hold (effect damage, an undescribed card...).
  virtual std::vector<std::string> warnings() const { return {}; }
  /// Scenario card indices whose timings no script declares (an importer's placeholder): not audited.
  virtual std::vector<std::uint8_t> undeclared_cards() const { return {}; }
};

/// Records already in memory (an importer's output).
class MemorySource : public RecordSource {
 public:
  MemorySource(TraceHeader header, std::vector<TraceRecord> records, std::vector<std::string> findings = {},
               std::vector<std::size_t> offsets = {}, std::vector<std::uint32_t> codes = {},
               std::vector<std::string> warnings = {}, std::vector<std::uint8_t> undeclared = {})
      : header_(std::move(header)), records_(std::move(records)), findings_(std::move(findings)),
        offsets_(std::move(offsets)), codes_(std::move(codes)), warnings_(std::move(warnings)),
        undeclared_(std::move(undeclared)) {}
  std::vector<std::string> card_findings() const override { return findings_; }
  std::vector<std::size_t> byte_offsets() const override { return offsets_; }
  std::vector<std::uint32_t> card_codes() const override { return codes_; }
  std::vector<std::string> warnings() const override { return warnings_; }
  std::vector<std::uint8_t> undeclared_cards() const override { return undeclared_; }
  bool read_header(TraceHeader& header) override { header = header_; return true; }
  bool next(TraceRecord& record) override {
    if (at_ >= records_.size()) return false;
    record = records_[at_++];
    return true;
  }
  const std::string& error() const override { return error_; }

 private:
  TraceHeader header_;
  std::vector<TraceRecord> records_;
  std::size_t at_ = 0;
  std::string error_;
  std::vector<std::string> findings_;
  std::vector<std::size_t> offsets_;
  std::vector<std::uint32_t> codes_;
  std::vector<std::string> warnings_;
  std::vector<std::uint8_t> undeclared_;
};

/// Turn one input into a record stream according to opts.from. Returns null
/// with `error` set when the input cannot be opened. THE HOOK for importers.
std::unique_ptr<RecordSource> open_source(const std::string& path, const VerifyOptions& opts, std::string& error);

/// The verdict on one input.
struct TraceVerdict {
  std::string file;
  int exit_code = 0;        ///< 0 holds, 1 violation, 2 unreadable
  std::string error;        ///< exit 2: "FILE:LINE: ..."
  std::string ruleset;
  ConformanceResult result;
  std::vector<std::string> card_findings;  ///< --audit-cards: the card audit (declarations and outcomes)
  std::vector<std::size_t> offsets;        ///< imported inputs: per record, the stream byte offset
  /// Per scenario card index: "Name" or "Name (passcode N)", for messages.
  std::vector<std::string> card_labels;
  std::vector<std::string> warnings;       ///< imported inputs: what the importer could not hold
  bool audited = false;
  double seconds = 0;
};

/// Verify one input (never throws).
TraceVerdict verify_one(const std::string& path, const VerifyOptions& opts);

/// Human report of one verdict.
std::string verdict_text(const TraceVerdict& v);
/// JSON of one verdict.
nlohmann::json verdict_json(const TraceVerdict& v);
/// The divergences and violations of a verdict, one per line (the error of an unreadable input).
std::string verdict_body(const TraceVerdict& v);
/// Text escaped for XML attributes and content (control characters become spaces).
std::string xml_text(const std::string& s);
/// JUnit XML with one testcase per verdict.
std::string junit_xml(const std::vector<TraceVerdict>& verdicts);

}  // namespace bc::cli
