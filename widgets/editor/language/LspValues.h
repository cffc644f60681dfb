#pragma once
// The language service's answers as plain Qt values, read from the protocol's JSON. Positions
// are as the server gave them: 0-based lines and characters in the agreed offset encoding
// (UTF-8 bytes with clangd); the editor turns them into its own positions.
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <vector>

namespace clw::ui {

struct LspPosition {
    int line = 0;
    int character = 0;
};

struct LspRange {
    LspPosition start;
    LspPosition end;
};

struct LspLocation {
    QString path; // a local file
    LspRange range;
};

struct CompletionEntry {
    QString label;      // what the list shows: the name with its signature
    QString insertText; // what choosing it inserts
    QString detail;     // the type or return type
    int kind = 0;       // LSP CompletionItemKind (3 function, 5 field, 6 variable, ...)
};

struct SignatureEntry {
    QString label;
    QList<QPair<int, int>> parameters; // [start, end) of each parameter in label (UTF-16)
};

struct SignatureHelp {
    QList<SignatureEntry> signatures;
    int activeSignature = 0;
    int activeParameter = 0;
};

struct ServiceDiagnostic {
    LspRange range;
    int severity = 1; // 1 error, 2 warning, 3 information, 4 hint
    QString message;
};

struct SymbolEntry {
    QString name;
    int kind = 0; // LSP SymbolKind (12 function, 23 struct, 14 constant, ...)
    LspRange range;
};

struct SemanticToken {
    int line = 0;
    int character = 0;
    int length = 0;
    int type = 0; // an index into the server's legend
};

class LspValues {
public:
    static nlohmann::json position(int line, int character);
    static QString uriOf(const QString& path);
    static QString pathOf(const QString& uri); // empty for anything but a local file

    static LspRange range(const nlohmann::json& value);
    static QList<CompletionEntry> completion(const nlohmann::json& result);
    static SignatureHelp signatureHelp(const nlohmann::json& result);
    // A hover's text (plain text, or markdown as it reads); empty for none.
    static QString hover(const nlohmann::json& result);
    // definition's answer (a Location, a list of them, or LocationLinks) and references'.
    static QList<LspLocation> locations(const nlohmann::json& result);
    static QList<ServiceDiagnostic> diagnostics(const nlohmann::json& params);
    // documentSymbol's answer, hierarchical or flat, as one flat list in source order.
    static QList<SymbolEntry> symbols(const nlohmann::json& result);
    // semanticTokens' relative encoding decoded to absolute positions.
    static QList<SemanticToken> semanticTokens(const nlohmann::json& result);
    static QList<SemanticToken> decodeTokens(const std::vector<int>& data);
    // Brings `data` up to date with an answer to semanticTokens/full (its "data") or
    // semanticTokens/full/delta (its "edits" on the previous data); sets the answer's result id.
    // False (data untouched) when the answer is not one of those.
    static bool updateTokens(const nlohmann::json& result, std::vector<int>& data,
                             QString* resultId);

    static QString string(const nlohmann::json& object, const char* key);
    // object[key], or null when object is not an object or has no such key (never throws, never
    // copies: a server's answer is read as it is, whatever its shape).
    static const nlohmann::json& member(const nlohmann::json& object, const char* key);
};

} // namespace clw::ui
