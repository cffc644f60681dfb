#pragma once
// What a bridge job hands back to the GUI: its value, or the error it ended with. Exceptions never
// cross the worker boundary (DESIGN.md §4); they arrive here as a JobError.
#include <QString>

#include <optional>
#include <utility>

namespace clw::ui {

struct JobError {
    enum class Kind {
        Failed,    // the job threw; message says what (ClError text with its code name)
        Cancelled, // cancelled, replaced by a newer job with the same tag, or the bridge closed
    };
    Kind kind = Kind::Failed;
    QString message;
    int clCode = 0; // the OpenCL error code when the job threw a ClError, else 0

    bool cancelled() const { return kind == Kind::Cancelled; }
    static JobError cancellation() { return {Kind::Cancelled, QStringLiteral("cancelled"), 0}; }
};

// A value or an error, never both (std::expected is C++23).
template <class T>
class JobResult {
public:
    static JobResult success(T value) { return JobResult(std::move(value)); }
    static JobResult failure(JobError error) { return JobResult(std::move(error)); }

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }
    // Only when ok().
    T& value() { return *m_value; }
    const T& value() const { return *m_value; }
    // Only when !ok().
    const JobError& error() const { return m_error; }

private:
    explicit JobResult(T value)
        : m_value(std::move(value)) {}
    explicit JobResult(JobError error)
        : m_error(std::move(error)) {}
    std::optional<T> m_value;
    JobError m_error;
};

// Jobs that return nothing deliver JobResult<Done>.
struct Done {};

} // namespace clw::ui
