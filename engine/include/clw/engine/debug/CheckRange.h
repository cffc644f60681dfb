#pragma once
// Oclgrind runs every work-item through an interpreter, thousands of times slower than a device:
// a check of a large launch can take minutes. The workbench offers to check on smaller ranges,
// and says what it shrank.
#include "clw/engine/session/Session.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clw::engine {

struct CheckRangeShrink {
    Session session;                  // with the shrunk launches
    std::vector<std::string> changes; // "matmul: 1024 x 1024 -> 128 x 64 work-items"
};

// Halves the largest dimension of each launch of more than `maxWorkItems` work-items until it
// has no more, keeping each dimension a multiple of its local size and at least one work-group.
// Launches within the limit, and dimensions at one work-group, stay as they are.
CheckRangeShrink shrinkForCheck(const Session& session, std::uint64_t maxWorkItems);

} // namespace clw::engine
