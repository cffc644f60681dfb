#pragma once
// What a running job sees of itself: its id and whether it should stop early.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace clw::ui {

using JobId = std::uint64_t;

namespace detail {
// Shared between the bridge (which cancels) and the job (which checks).
struct JobState {
    JobId id = 0;
    std::string tag;
    std::atomic<bool> cancelled{false};
    std::atomic<bool> started{false};
};
} // namespace detail

class JobContext {
public:
    explicit JobContext(std::shared_ptr<const detail::JobState> state)
        : m_state(std::move(state)) {}

    JobId id() const { return m_state->id; }
    // True once the job was cancelled or replaced; a long job checks it between steps and
    // returns early (its result is then delivered as cancelled whatever it returns).
    bool isCancelled() const { return m_state->cancelled.load(std::memory_order_acquire); }

private:
    std::shared_ptr<const detail::JobState> m_state;
};

} // namespace clw::ui
