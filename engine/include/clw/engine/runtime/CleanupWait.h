#pragma once
// Waits in destructors and cleanup paths have an end. A queue that an unset user event holds
// back, or a kernel that hangs, never completes: a destructor that waited for it would never
// return. Such a wait lasts at most cleanupWaitLimit(); when it runs out, the engine goes on
// without it, counts it (abandonedWaitCount) and says on stderr what it left behind. Whatever the
// unfinished work still touches is kept alive by that work, so nothing is freed under it.
//
// A thread left inside a driver call that never returns stays there: only ending the process
// ends it. The device host, watched by the GUI, is that process (DESIGN.md §2a).
#include <chrono>
#include <string>

namespace clw::engine {

class CommandQueue;

// Far longer than any command completes in ordinary work, short enough that a hang shows.
inline constexpr std::chrono::milliseconds kCleanupWaitLimit{10000};

// The limit in force, kCleanupWaitLimit until changed.
std::chrono::milliseconds cleanupWaitLimit();
// Changes the limit for the whole process (tests shorten it); returns the one before.
std::chrono::milliseconds setCleanupWaitLimit(std::chrono::milliseconds limit);

// How many cleanup waits ran out since the process started (for tests and diagnostics).
int abandonedWaitCount();
// What the last one said on stderr; empty when none ran out.
std::string lastAbandonedWait();
// Counts one and says on stderr: "clw: <what>: gave up waiting (the limit is <limit> ms);
// <outcome>".
void noteAbandonedWait(const std::string& what, const std::string& outcome);

// Waits, at most cleanupWaitLimit(), for everything enqueued on `queue` to complete (clFinish on
// a thread of its own that holds the queue). True once clFinish returned, whatever it returned;
// false when the limit ran out: noted as above with `what` and `outcome`, and the thread is left
// to the driver.
bool finishWithin(const CommandQueue& queue, const std::string& what, const std::string& outcome);

} // namespace clw::engine
