#include "editor/language/LspValues.h"

#include <QUrl>

#include <algorithm>

namespace clw::ui {

namespace {

int integer(const nlohmann::json& object, const char* key, int fallback = 0) {
    if (!object.is_object())
        return fallback;
    const auto it = object.find(key);
    return it != object.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

LspPosition positionOf(const nlohmann::json& value) {
    return {integer(value, "line"), integer(value, "character")};
}

void collectSymbols(const nlohmann::json& list, QList<SymbolEntry>& symbols) {
    if (!list.is_array())
        return;
    for (const nlohmann::json& item : list) {
        if (!item.is_object())
            continue;
        SymbolEntry symbol;
        symbol.name = LspValues::string(item, "name");
        symbol.kind = integer(item, "kind");
        // DocumentSymbol has a range; SymbolInformation a location.
        symbol.range =
            item.contains("range")
                ? LspValues::range(item["range"])
                : LspValues::range(LspValues::member(LspValues::member(item, "location"), "range"));
        symbols.append(symbol);
        if (item.contains("children"))
            collectSymbols(item["children"], symbols);
    }
}

} // namespace

const nlohmann::json& LspValues::member(const nlohmann::json& object, const char* key) {
    static const nlohmann::json none;
    if (!object.is_object())
        return none;
    const auto it = object.find(key);
    return it == object.end() ? none : *it;
}

QString LspValues::string(const nlohmann::json& object, const char* key) {
    if (!object.is_object())
        return {};
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                 : QString();
}

nlohmann::json LspValues::position(int line, int character) {
    return {{"line", line}, {"character", character}};
}

QString LspValues::uriOf(const QString& path) {
    return QUrl::fromLocalFile(path).toString(QUrl::FullyEncoded);
}

QString LspValues::pathOf(const QString& uri) {
    const QUrl url(uri);
    return url.isLocalFile() ? url.toLocalFile() : QString();
}

LspRange LspValues::range(const nlohmann::json& value) {
    if (!value.is_object())
        return {};
    return {positionOf(member(value, "start")), positionOf(member(value, "end"))};
}

QList<CompletionEntry> LspValues::completion(const nlohmann::json& result) {
    const nlohmann::json& items = result.is_object() ? member(result, "items") : result;
    QList<CompletionEntry> entries;
    if (!items.is_array())
        return entries;
    for (const nlohmann::json& item : items) {
        if (!item.is_object())
            continue;
        CompletionEntry entry;
        // clangd puts a space or a bullet (an include it would insert) before the label.
        entry.label = string(item, "label").trimmed();
        if (entry.label.startsWith(QChar(0x2022)))
            entry.label = entry.label.mid(1);
        entry.detail = string(item, "detail");
        entry.kind = integer(item, "kind");
        if (item.contains("textEdit") && item["textEdit"].is_object())
            entry.insertText = string(item["textEdit"], "newText");
        if (entry.insertText.isEmpty())
            entry.insertText = string(item, "insertText");
        if (entry.insertText.isEmpty())
            entry.insertText = string(item, "filterText");
        if (entry.insertText.isEmpty())
            entry.insertText = entry.label;
        if (!entry.label.isEmpty())
            entries.append(entry);
    }
    return entries;
}

SignatureHelp LspValues::signatureHelp(const nlohmann::json& result) {
    SignatureHelp help;
    if (!result.is_object())
        return help;
    help.activeSignature = integer(result, "activeSignature");
    help.activeParameter = integer(result, "activeParameter");
    const nlohmann::json& signatures = member(result, "signatures");
    if (!signatures.is_array())
        return help;
    for (const nlohmann::json& item : signatures) {
        if (!item.is_object())
            continue;
        SignatureEntry entry;
        entry.label = string(item, "label");
        const nlohmann::json& parameters = member(item, "parameters");
        if (parameters.is_array())
            for (const nlohmann::json& parameter : parameters) {
                const nlohmann::json& label = member(parameter, "label");
                if (label.is_array() && label.size() == 2 && label[0].is_number_integer() &&
                    label[1].is_number_integer()) {
                    entry.parameters.append({label[0].get<int>(), label[1].get<int>()});
                } else if (label.is_string()) {
                    const QString text = QString::fromStdString(label.get<std::string>());
                    const int from =
                        entry.parameters.isEmpty() ? 0 : entry.parameters.last().second;
                    const int at = int(entry.label.indexOf(text, from));
                    entry.parameters.append(at < 0 ? QPair<int, int>{0, 0}
                                                   : QPair<int, int>{at, at + int(text.size())});
                }
            }
        help.signatures.append(entry);
    }
    help.activeSignature =
        std::clamp(help.activeSignature, 0, std::max(0, int(help.signatures.size()) - 1));
    return help;
}

QString LspValues::hover(const nlohmann::json& result) {
    if (!result.is_object())
        return {};
    const nlohmann::json& contents = member(result, "contents");
    if (contents.is_string())
        return QString::fromStdString(contents.get<std::string>()).trimmed();
    if (contents.is_object())
        return string(contents, "value").trimmed();
    if (contents.is_array()) {
        QStringList parts;
        for (const nlohmann::json& part : contents)
            parts.append(part.is_string() ? QString::fromStdString(part.get<std::string>())
                                          : string(part, "value"));
        return parts.join(QStringLiteral("\n\n")).trimmed();
    }
    return {};
}

QList<LspLocation> LspValues::locations(const nlohmann::json& result) {
    QList<LspLocation> locations;
    const auto add = [&locations](const nlohmann::json& item) {
        if (!item.is_object())
            return;
        // Location: uri + range; LocationLink: targetUri + targetSelectionRange.
        const bool link = item.contains("targetUri");
        const QString path = pathOf(string(item, link ? "targetUri" : "uri"));
        if (path.isEmpty())
            return;
        locations.append({path, range(member(item, link ? "targetSelectionRange" : "range"))});
    };
    if (result.is_array())
        for (const nlohmann::json& item : result)
            add(item);
    else
        add(result);
    return locations;
}

QList<ServiceDiagnostic> LspValues::diagnostics(const nlohmann::json& params) {
    QList<ServiceDiagnostic> diagnostics;
    const nlohmann::json& list = member(params, "diagnostics");
    if (!list.is_array())
        return diagnostics;
    for (const nlohmann::json& item : list) {
        if (!item.is_object() || string(item, "message").isEmpty())
            continue;
        ServiceDiagnostic diagnostic;
        diagnostic.range = range(member(item, "range"));
        diagnostic.severity = integer(item, "severity", 1);
        // clangd adds the notes after a blank line; the first paragraph is the message.
        const QString message = string(item, "message");
        diagnostic.message = message.section(QStringLiteral("\n\n"), 0, 0).trimmed();
        diagnostics.append(diagnostic);
    }
    return diagnostics;
}

QList<SymbolEntry> LspValues::symbols(const nlohmann::json& result) {
    QList<SymbolEntry> symbols;
    collectSymbols(result, symbols);
    std::stable_sort(symbols.begin(), symbols.end(),
                     [](const SymbolEntry& a, const SymbolEntry& b) {
                         return a.range.start.line < b.range.start.line;
                     });
    return symbols;
}

QList<SemanticToken> LspValues::semanticTokens(const nlohmann::json& result) {
    std::vector<int> data;
    QString resultId;
    return updateTokens(result, data, &resultId) ? decodeTokens(data) : QList<SemanticToken>();
}

QList<SemanticToken> LspValues::decodeTokens(const std::vector<int>& data) {
    QList<SemanticToken> tokens;
    tokens.reserve(qsizetype(data.size() / 5));
    int line = 0;
    int character = 0;
    for (std::size_t i = 0; i + 4 < data.size(); i += 5) {
        const int deltaLine = data[i];
        line += deltaLine;
        character = deltaLine == 0 ? character + data[i + 1] : data[i + 1];
        tokens.append({line, character, data[i + 2], data[i + 3]});
    }
    return tokens;
}

namespace {

bool readIntegers(const nlohmann::json& array, std::vector<int>& out) {
    if (!array.is_array())
        return false;
    out.clear();
    out.reserve(array.size());
    for (const nlohmann::json& value : array) {
        if (!value.is_number_integer())
            return false;
        out.push_back(value.get<int>());
    }
    return true;
}

} // namespace

bool LspValues::updateTokens(const nlohmann::json& result, std::vector<int>& data,
                             QString* resultId) {
    if (!result.is_object())
        return false;
    if (result.contains("data")) {
        std::vector<int> fresh;
        if (!readIntegers(result["data"], fresh))
            return false;
        data = std::move(fresh);
    } else if (result.contains("edits") && result["edits"].is_array()) {
        // Each edit replaces deleteCount numbers at start; applied from the last one back, so
        // that earlier starts stay valid.
        struct Edit {
            int start;
            int deleteCount;
            std::vector<int> data;
        };
        std::vector<Edit> edits;
        for (const nlohmann::json& item : result["edits"]) {
            Edit edit{0, 0, {}};
            if (!item.is_object() || !item.contains("start") || !item["start"].is_number_integer())
                return false;
            edit.start = item["start"].get<int>();
            edit.deleteCount = integer(item, "deleteCount");
            if (item.contains("data") && !readIntegers(item["data"], edit.data))
                return false;
            if (edit.start < 0 || edit.deleteCount < 0 ||
                std::size_t(edit.start) + std::size_t(edit.deleteCount) > data.size())
                return false;
            edits.push_back(std::move(edit));
        }
        std::sort(edits.begin(), edits.end(),
                  [](const Edit& a, const Edit& b) { return a.start > b.start; });
        for (const Edit& edit : edits) {
            data.erase(data.begin() + edit.start, data.begin() + edit.start + edit.deleteCount);
            data.insert(data.begin() + edit.start, edit.data.begin(), edit.data.end());
        }
    } else {
        return false;
    }
    *resultId = string(result, "resultId");
    return true;
}

} // namespace clw::ui
