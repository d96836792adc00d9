#pragma once
/// Test helpers for bad-input tests: catch an InputError's message and check
/// it names "FILE:LINE: FIELD: " and says what is wrong.
#include <gtest/gtest.h>

#include <string>

#include "model/loaders/loader.hpp"

namespace bc::test {

/// The message of the InputError thrown by f, or "no error".
template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace bc::test

/// Asserts the message starts with "FILE:LINE: FIELD: " (prefix) and contains `what`.
#define EXPECT_INPUT_ERROR(msg, prefix, what)                         \
  do {                                                                \
    const std::string m_ = (msg);                                     \
    EXPECT_EQ(m_.rfind(prefix, 0), 0u) << "message: " << m_;          \
    EXPECT_NE(m_.find(what), std::string::npos) << "message: " << m_; \
  } while (0)
