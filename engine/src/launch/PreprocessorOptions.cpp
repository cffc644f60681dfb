#include "clw/engine/launch/PreprocessorOptions.h"

#include <cctype>

namespace clw::engine {

namespace {

// Splits at unquoted whitespace; quotes group and are removed, a backslash keeps the next
// character ("-DMSG=\"hi\"" gives -DMSG="hi").
std::vector<std::string> splitWords(std::string_view text) {
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    char quote = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size()) {
            word += text[++i];
            inWord = true;
        } else if (quote != 0) {
            if (c == quote)
                quote = 0;
            else
                word += c;
        } else if (c == '"' || c == '\'') {
            quote = c;
            inWord = true;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            if (inWord)
                words.push_back(std::move(word));
            word.clear();
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        words.push_back(std::move(word));
    return words;
}

// "CL1.2" -> 120, "CL3.0" -> 300; 0 for what it cannot read ("CLC++").
int versionOf(const std::string& standard) {
    if (standard.size() != 5 || standard.compare(0, 2, "CL") != 0 || standard[3] != '.' ||
        !std::isdigit(static_cast<unsigned char>(standard[2])) ||
        !std::isdigit(static_cast<unsigned char>(standard[4])))
        return 0;
    return (standard[2] - '0') * 100 + (standard[4] - '0') * 10;
}

} // namespace

PreprocessorOptions PreprocessorOptions::fromBuildOptions(std::string_view options) {
    PreprocessorOptions result;
    const std::vector<std::string> words = splitWords(options);
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string& word = words[i];
        // The value of -D / -I / -U is glued on or is the next word.
        const auto value = [&](size_t flagLength) -> std::string {
            if (word.size() > flagLength)
                return word.substr(flagLength);
            return i + 1 < words.size() ? words[++i] : std::string();
        };
        if (word.rfind("-D", 0) == 0) {
            const std::string definition = value(2);
            const size_t equals = definition.find('=');
            std::string name = definition.substr(0, equals);
            std::string text = equals == std::string::npos ? "1" : definition.substr(equals + 1);
            if (name.empty())
                continue;
            std::erase_if(result.defines, [&](const auto& d) { return d.first == name; });
            result.defines.emplace_back(std::move(name), std::move(text));
        } else if (word.rfind("-U", 0) == 0) {
            if (std::string name = value(2); !name.empty())
                result.undefines.push_back(std::move(name));
        } else if (word.rfind("-I", 0) == 0) {
            if (std::string dir = value(2); !dir.empty())
                result.includeDirs.push_back(std::move(dir));
        } else if (word.rfind("-cl-std=", 0) == 0) {
            if (const int version = versionOf(word.substr(8)); version != 0)
                result.openclCVersion = version;
        } else if (word == "-cl-fast-relaxed-math") {
            result.fastRelaxedMath = true;
        }
    }
    return result;
}

} // namespace clw::engine
