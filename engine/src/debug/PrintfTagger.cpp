#include "clw/engine/debug/PrintfTagger.h"

#include <utility>
#include <vector>

namespace clw::engine {

namespace {

// Written before the format and after it: the frame that PrintedLines reads (kPrintfTagOpen,
// kPrintfTagClose, kPrintfTagEnd), in octal escapes, which end after three digits whatever
// follows (a hex escape would swallow the "c" of "clw").
constexpr std::string_view kOpenLiteral = R"("\001clw %u %u %u\002")";
constexpr std::string_view kEndAndIds = R"("\003", (uint)get_global_id(0), )"
                                        R"((uint)get_global_id(1), (uint)get_global_id(2))";

bool isWord(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

class Scanner {
public:
    explicit Scanner(std::string_view text)
        : m_text(text) {}

    char at(std::size_t i) const { return i < m_text.size() ? m_text[i] : '\0'; }
    std::size_t size() const { return m_text.size(); }

    // A backslash that ends its line (a line splice): the index after the newline; else `i`.
    std::size_t splice(std::size_t i) const {
        if (at(i) != '\\')
            return i;
        if (at(i + 1) == '\n')
            return i + 2;
        if (at(i + 1) == '\r' && at(i + 2) == '\n')
            return i + 3;
        return i;
    }

    // A comment at `i`: the index after it (a line comment stops before its newline); else `i`.
    std::size_t comment(std::size_t i) const {
        if (at(i) != '/')
            return i;
        if (at(i + 1) == '/') {
            for (i += 2; i < size() && at(i) != '\n';)
                i = splice(i) != i ? splice(i) : i + 1;
            return i;
        }
        if (at(i + 1) == '*') {
            const std::size_t end = m_text.find("*/", i + 2);
            return end == std::string_view::npos ? size() : end + 2;
        }
        return i;
    }

    // A string or character literal at `i` (its quote): the index after its closing quote, or
    // npos when its line ends before it closes.
    std::size_t literal(std::size_t i) const {
        const char quote = at(i);
        for (++i; i < size();) {
            if (splice(i) != i) {
                i = splice(i);
                continue;
            }
            const char c = at(i);
            if (c == '\\') {
                i += 2;
                continue;
            }
            if (c == '\n')
                return std::string_view::npos;
            ++i;
            if (c == quote)
                return i;
        }
        return std::string_view::npos;
    }

    // Whitespace, comments and line splices from `i`: the index of what follows them.
    std::size_t blank(std::size_t i) const {
        for (;;) {
            if (i < size() && isSpace(at(i)))
                ++i;
            else if (comment(i) != i)
                i = comment(i);
            else if (splice(i) != i)
                i = splice(i);
            else
                return i;
        }
    }

    // A directive at `i` (its '#'): the index of the newline that ends it, past its line splices
    // and the comments and literals on it.
    std::size_t directive(std::size_t i) const {
        while (i < size() && at(i) != '\n') {
            if (splice(i) != i) {
                i = splice(i);
            } else if (comment(i) != i) {
                i = comment(i);
            } else if (at(i) == '"' || at(i) == '\'') {
                const std::size_t end = literal(i);
                i = end == std::string_view::npos ? i + 1 : end;
            } else {
                ++i;
            }
        }
        return i;
    }

private:
    std::string_view m_text;
};

struct Insertion {
    std::size_t at;
    std::string_view text;
};

// The call whose `printf` ends at `i`: the two insertions that tag it, counted in `tagging`.
void tagCall(const Scanner& scan, std::size_t i, PrintfTagging& tagging,
             std::vector<Insertion>& insertions) {
    const std::size_t open = scan.blank(i);
    if (scan.at(open) != '(')
        return; // no call: a declaration's name, a pointer to printf, an attribute's argument
    const std::size_t first = scan.blank(open + 1);
    if (scan.at(first) != '"') {
        ++tagging.untagged;
        return;
    }
    std::size_t last = first;
    std::size_t end = 0;
    for (;;) {
        end = scan.literal(last);
        if (end == std::string_view::npos) {
            ++tagging.untagged;
            return;
        }
        const std::size_t next = scan.blank(end);
        if (scan.at(next) != '"') {
            // The format must be the whole first argument: "x" MACRO is left as it is.
            if (scan.at(next) != ',' && scan.at(next) != ')') {
                ++tagging.untagged;
                return;
            }
            break;
        }
        last = next;
    }
    insertions.push_back({first, kOpenLiteral});
    insertions.push_back({end, kEndAndIds});
    ++tagging.tagged;
}

} // namespace

PrintfTagging tagPrintfCalls(std::string_view source) {
    const Scanner scan(source);
    PrintfTagging tagging;
    std::vector<Insertion> insertions;
    bool lineStart = true;
    char previous = '\0', beforePrevious = '\0'; // the last two characters of tokens
    for (std::size_t i = 0; i < scan.size();) {
        const char c = scan.at(i);
        if (c == '\n') {
            lineStart = true;
            ++i;
        } else if (isSpace(c)) {
            ++i;
        } else if (scan.comment(i) != i) {
            i = scan.comment(i);
        } else if (scan.splice(i) != i) {
            i = scan.splice(i);
        } else if (c == '#' && lineStart) {
            i = scan.directive(i);
        } else if (c == '"' || c == '\'') {
            lineStart = false;
            const std::size_t end = scan.literal(i);
            i = end == std::string_view::npos ? i + 1 : end;
            beforePrevious = previous;
            previous = c;
        } else if (isWord(c)) {
            lineStart = false;
            std::size_t end = i;
            while (end < scan.size() && isWord(scan.at(end)))
                ++end;
            const bool member = previous == '.' || (previous == '>' && beforePrevious == '-');
            if (source.substr(i, end - i) == "printf" && !member)
                tagCall(scan, end, tagging, insertions);
            i = end;
            beforePrevious = previous;
            previous = 'a';
        } else {
            lineStart = false;
            beforePrevious = previous;
            previous = c;
            ++i;
        }
    }
    if (insertions.empty()) {
        tagging.source = std::string(source);
        return tagging;
    }
    std::size_t extra = 0;
    for (const Insertion& insertion : insertions)
        extra += insertion.text.size();
    tagging.source.reserve(source.size() + extra);
    std::size_t from = 0;
    // Calls are found in the order of the text, and each call's two places in order: the
    // insertions are sorted by place.
    for (const Insertion& insertion : insertions) {
        tagging.source.append(source.substr(from, insertion.at - from));
        tagging.source.append(insertion.text);
        from = insertion.at;
    }
    tagging.source.append(source.substr(from));
    return tagging;
}

PrintfTagging tagPrintfCalls(SourceSet& sources) {
    const SourceFile* main = sources.main();
    if (!main)
        return {};
    SourceFile& file = sources.files[std::size_t(main - sources.files.data())];
    PrintfTagging tagging = tagPrintfCalls(file.text);
    if (tagging.tagged > 0)
        file.text = tagging.source;
    return tagging;
}

} // namespace clw::engine
