#include "clw/engine/debug/PrintfTagger.h"

#include "CodeTokens.h"

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

struct Insertion {
    std::size_t at;
    std::string_view text;
};

// The call whose `printf` is tokens[i]: the two insertions that tag it, counted in `tagging`.
void tagCall(const std::vector<code::Token>& tokens, std::size_t i, PrintfTagging& tagging,
             std::vector<Insertion>& insertions) {
    if (i + 1 >= tokens.size() || !tokens[i + 1].is("("))
        return; // no call: a declaration's name, a pointer to printf, an attribute's argument
    std::size_t last = i + 2;
    if (last >= tokens.size() || tokens[last].kind != code::Token::Kind::String) {
        ++tagging.untagged;
        return;
    }
    const std::size_t first = last;
    while (last + 1 < tokens.size() && tokens[last + 1].kind == code::Token::Kind::String)
        ++last;
    // The format must be the whole first argument: "x" MACRO is left as it is, and so is a
    // literal that its line ends before it closes.
    const std::size_t after = last + 1;
    if (after >= tokens.size() || !(tokens[after].is(",") || tokens[after].is(")")) ||
        !tokens[last].text.ends_with('"') || tokens[last].text.size() < 2) {
        ++tagging.untagged;
        return;
    }
    insertions.push_back({tokens[first].offset, kOpenLiteral});
    insertions.push_back({tokens[last].end, kEndAndIds});
    ++tagging.tagged;
}

} // namespace

PrintfTagging tagPrintfCalls(std::string_view source) {
    // Comments, literals and directive lines are read as code::tokenize reads them: a printf in
    // any of those is no token of its own.
    const std::vector<code::Token> tokens = code::tokenize(source);
    PrintfTagging tagging;
    std::vector<Insertion> insertions;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const bool member = i > 0 && (tokens[i - 1].is(".") || tokens[i - 1].is("->"));
        if (tokens[i].isIdentifier() && tokens[i].text == "printf" && !member)
            tagCall(tokens, i, tagging, insertions);
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
