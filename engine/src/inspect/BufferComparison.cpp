#include "clw/engine/inspect/BufferComparison.h"

namespace clw::engine {

const char* BufferComparison::statusName(Status status) {
    switch (status) {
    case Status::Within:
        return "within";
    case Status::Differs:
        return "differs";
    case Status::Missing:
        return "missing";
    case Status::Mismatched:
        return "mismatched";
    }
    return "mismatched";
}

} // namespace clw::engine
