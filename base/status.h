// Status and Result<T>: small error values that cannot be silently dropped.
//
// No exception crosses a folder boundary: public functions return Status or Result<T>
// (both [[nodiscard]]). A Status carries a code and a human message that already names the
// location (file:line or byte offset) when there is one.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace qadvisor {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,  // the user asked for something that makes no sense
  kNotFound,         // a file, table or column that is not there
  kIoError,          // reading or writing failed
  kParseError,       // input that is not what it should be
  kResourceExhausted,
  kInternal,
};

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return {}; }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  std::string ToString() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

inline Status InvalidArgument(std::string m) {
  return {StatusCode::kInvalidArgument, std::move(m)};
}
inline Status NotFound(std::string m) { return {StatusCode::kNotFound, std::move(m)}; }
inline Status IoError(std::string m) { return {StatusCode::kIoError, std::move(m)}; }
inline Status ParseError(std::string m) { return {StatusCode::kParseError, std::move(m)}; }

// Result<T> holds either a value or a non-OK Status.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design, like absl::StatusOr
  Result(Status status) : v_(std::move(status)) { assert(!std::get<Status>(v_).ok()); }  // NOLINT

  bool ok() const { return std::holds_alternative<T>(v_); }
  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(v_);
  }
  T& value() & { return std::get<T>(v_); }
  const T& value() const& { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }

 private:
  std::variant<T, Status> v_;
};

}  // namespace qadvisor

#define QADVISOR_CONCAT_INNER_(a, b) a##b
#define QADVISOR_CONCAT_(a, b) QADVISOR_CONCAT_INNER_(a, b)

#define QADVISOR_RETURN_IF_ERROR(expr)   \
  do {                                   \
    ::qadvisor::Status status_ = (expr); \
    if (!status_.ok()) return status_;   \
  } while (false)

#define QADVISOR_ASSIGN_OR_RETURN(lhs, expr) \
  QADVISOR_ASSIGN_OR_RETURN_IMPL_(QADVISOR_CONCAT_(result_, __LINE__), lhs, expr)
#define QADVISOR_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                                    \
  if (!tmp.ok()) return tmp.status();                   \
  lhs = std::move(tmp).value()
