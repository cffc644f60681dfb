#pragma once
// A watch on any device (issue 19): the session's kernel source rewritten so that each work-item
// stores the watched expression's value when it passes the line, into a hidden __global buffer
// argument added to the kernel, then built and run like any session. The rewrite adds no line to
// what the person wrote (a prelude ends with `#line 1`, every store sits on its line), so build
// errors and the watch keep the person's line numbers.
//
// Where the store goes on line L: after the simple statement(s) that begin there (a variable
// declared on L can be watched at L), before a return / break / continue or an if / switch, at
// the start of each iteration's body for a loop that begins there (one pass an iteration, the
// loop's variables in scope), at the start of a block opened there, and at the kernel's entry
// for the lines of its signature. A statement that is the unbraced body of a control statement
// is braced with its store.
#include "clw/engine/debug/WatchPlan.h"
#include "clw/engine/debug/WatchRequest.h"
#include "clw/engine/debug/WatchResult.h"
#include "clw/engine/session/Session.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace clw::engine {

// How one stored 64-bit slot reads back.
enum class WatchSlotKind { Float32, Float64, Signed, Unsigned };

struct InstrumentedWatch {
    std::string problem; // why nothing can be watched (and what would work); the rest is empty
    // The session as the person wrote it, each launch once: its outputs are what the
    // instrumented run's must equal.
    Session plain;
    // The same with the kernel rewritten, the watch buffers added and bound as its last argument.
    Session session;
    std::string kernel;
    // Per launch of `session`, the name of its watch buffer; empty for a launch of another
    // kernel.
    std::vector<std::string> buffers;
    // Per work-item: the pass count, then one slot a scalar stored.
    unsigned slotsPerItem = 0;
    std::vector<WatchSlotKind> slotKinds; // of the values, after the pass count
    WatchExpression expression;
    std::string type; // of the value shown: the lone term's type ("float4"), else "double"
    unsigned components = 1;
    unsigned pass = 0;
};

// Rewrites `session`'s main file for `request` (its file must be the main file, or empty).
InstrumentedWatch instrumentWatch(const Session& session, const WatchRequest& request);

// What the launch `launch` of watch.session recorded, from its watch buffer's bytes and the
// sizes it ran with.
WatchedRun readWatchBuffer(const InstrumentedWatch& watch, std::size_t launch,
                           std::span<const unsigned char> bytes,
                           const std::vector<std::uint64_t>& global,
                           const std::vector<std::uint64_t>& local);

// How the watched run's contents of `buffer` differ from the plain run's, element by element
// (`elementSize` bytes each): empty when they are equal byte for byte.
std::string watchOutputDifference(const std::string& buffer, std::span<const unsigned char> plain,
                                  std::span<const unsigned char> watched, std::size_t elementSize);

} // namespace clw::engine
