#pragma once
/// Importing files (the CLI's edge): read the stream and the cards file,
/// import, and say what went wrong in one line naming the file and the
/// byte offset. Used by `battlecheck import ygopro` and
/// `battlecheck verify-trace --from ygopro`.
#include <string>

#include "importers/ygopro/ygopro_import.hpp"

namespace bc::ygopro {

/// An import of files: the result, or the error text ("FILE: byte N: ...").
struct FileImport {
  ImportResult result;
  std::string error;  ///< empty when the import succeeded
  bool ok() const { return error.empty(); }
};

/// Read STREAM and CARDS and import. Never throws: unreadable files and bad
/// cards files are errors too.
FileImport import_files(const std::string& stream_path, const std::string& cards_path, const ImportOptions& options);

/// The cards file a recording keeps beside its stream: `NAME.cards.json` for
/// `NAME.bin` (the layout of ../shared/engine-logs and of the host's
/// recordings), or empty when there is none. Lets `import ygopro` and
/// `verify-trace --from ygopro` take a folder of runs without --cards.
std::string cards_beside(const std::string& stream_path);

/// Parse "auto" | "fluoro" | "edo" into ImportOptions::framing; false if unknown.
bool set_framing(ImportOptions& options, const std::string& text);

}  // namespace bc::ygopro
