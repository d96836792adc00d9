// The engine's command line split as a shell would (drive --engine), and the
// names of the engine's process states (drive_engine.hpp).
#include <string>
#include <string_view>
#include <vector>

#include "importers/drive/drive_engine.hpp"
#include "model/toml/input_error.hpp"

namespace bc {

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

}  // namespace bc
