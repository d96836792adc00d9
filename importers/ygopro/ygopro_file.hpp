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

/// Parse "auto" | "fluoro" | "edo" into ImportOptions::framing; false if unknown.
bool set_framing(ImportOptions& options, const std::string& text);

}  // namespace bc::ygopro
