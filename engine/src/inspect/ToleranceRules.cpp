#include "clw/engine/inspect/ToleranceRules.h"

#include "TextWords.h"

#include "clw/engine/inspect/ToleranceError.h"

#include <cctype>

namespace clw::engine {

namespace {

// A buffer's name as a session allows it (Session.h): letters, digits, '_' and '-', starting
// with a letter or '_'.
bool isBufferName(std::string_view name) {
    if (name.empty() ||
        !(std::isalpha(static_cast<unsigned char>(name.front())) || name.front() == '_'))
        return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-')
            return false;
    return true;
}

using text::lower;
using text::trimmed;

} // namespace

void ToleranceRules::add(std::string_view text) {
    const size_t equals = text.find('=');
    if (equals != std::string_view::npos) {
        const std::string_view name = trimmed(text.substr(0, equals));
        const std::string_view spec = text.substr(equals + 1);
        // "rel=1e-6" and "abs=1e-3" are tolerances; "rel=4ulp" names a buffer called rel.
        const bool bound = lower(name) == "rel" || lower(name) == "abs";
        if (!bound || Tolerance::isTolerance(spec)) {
            if (!isBufferName(name))
                throw ToleranceError("'" + std::string(name) + "' in '" + std::string(text) +
                                     "' is no buffer name: write NAME=SPEC with the buffer's "
                                     "name, such as c=4ulp");
            try {
                m_named[std::string(name)] = Tolerance::parse(spec);
            } catch (const ToleranceError& error) {
                throw ToleranceError("buffer '" + std::string(name) + "': " + error.what());
            }
            return;
        }
    }
    m_general = Tolerance::parse(text); // throws for what is neither
}

Tolerance ToleranceRules::forBuffer(const std::string& name) const {
    const auto found = m_named.find(name);
    return found == m_named.end() ? m_general : found->second;
}

std::vector<std::string> ToleranceRules::names() const {
    std::vector<std::string> out;
    for (const auto& entry : m_named)
        out.push_back(entry.first);
    return out;
}

} // namespace clw::engine
