#pragma once
// The tolerances of a differential run, buffer by buffer, from texts such as `clworkbench diff`'s
// --tolerance options: "SPEC" applies to every buffer, "NAME=SPEC" to buffer NAME only and wins
// over a SPEC without a name; of two texts for the same buffer (or two without a name) the later
// wins. Without any, every buffer is compared exactly. SPEC is what Tolerance::parse reads.
#include "clw/engine/inspect/Tolerance.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

class ToleranceRules {
public:
    // Adds one text. "rel=1e-6" is a SPEC (a bare number is no tolerance, so "rel" is not read as
    // a buffer's name); "c=rel=1e-6" and "c=4ulp" name buffer c. Throws ToleranceError saying
    // what would work.
    void add(std::string_view text);

    // The tolerance buffer `name` is compared with.
    Tolerance forBuffer(const std::string& name) const;
    // The buffers named by a rule, in name order (to check them against the session's).
    std::vector<std::string> names() const;
    const Tolerance& general() const { return m_general; }

private:
    Tolerance m_general;
    std::map<std::string, Tolerance> m_named;
};

} // namespace clw::engine
