#include "clw/engine/debug/PrintedLines.h"

#include <charconv>

namespace clw::engine {

namespace {

// The work-item of a frame that starts at `text` ("\001clw 3 0 0\002"), with the frame's length;
// nullopt when `text` starts no well-formed frame.
std::optional<std::pair<CheckIds, std::size_t>> frameAt(std::string_view text) {
    if (!text.starts_with(kPrintfTagOpen))
        return std::nullopt;
    std::size_t at = kPrintfTagOpen.size();
    CheckIds ids{0, 0, 0};
    for (std::size_t i = 0; i < 3; ++i) {
        if (i > 0) {
            if (at >= text.size() || text[at] != ' ')
                return std::nullopt;
            ++at;
        }
        const auto [end, error] =
            std::from_chars(text.data() + at, text.data() + text.size(), ids[i]);
        if (error != std::errc() || end == text.data() + at)
            return std::nullopt;
        at = std::size_t(end - text.data());
    }
    if (at >= text.size() || text[at] != kPrintfTagClose)
        return std::nullopt;
    return std::pair(ids, at + 1);
}

// Appends printed characters to lines, each owned by a work-item or by none.
class LineBuilder {
public:
    void add(char c, const std::optional<CheckIds>& owner) {
        if (m_open && m_current.workItem != owner)
            flush();
        if (c == '\n') {
            if (!m_open)
                m_current = {owner, {}};
            flush();
            return;
        }
        if (!m_open) {
            m_current = {owner, {}};
            m_open = true;
        }
        m_current.text.push_back(c);
    }

    std::vector<PrintedLine> finish() {
        if (m_open)
            flush();
        return std::move(m_lines);
    }

private:
    void flush() {
        m_lines.push_back(std::move(m_current));
        m_current = {};
        m_open = false;
    }

    std::vector<PrintedLine> m_lines;
    PrintedLine m_current;
    bool m_open = false;
};

} // namespace

std::vector<PrintedLine> splitPrintedLines(std::string_view captured) {
    LineBuilder lines;
    std::optional<CheckIds> owner; // the frame being read, if any
    for (std::size_t at = 0; at < captured.size();) {
        const char c = captured[at];
        if (c == kPrintfTagOpen.front()) {
            if (const auto frame = frameAt(captured.substr(at))) {
                owner = frame->first;
                at += frame->second;
                continue;
            }
        }
        ++at;
        if (c == kPrintfTagEnd) {
            owner.reset();
            continue;
        }
        if (c == kPrintfTagClose || c == kPrintfTagOpen.front())
            continue; // what is left of a frame cut off in the middle
        lines.add(c, owner);
    }
    return lines.finish();
}

} // namespace clw::engine
