#pragma once
// The OpenCL C 3.0 builtin functions and constants, read once from the embedded resource
// resources/opencl/builtins.txt. The lexer styles these names, completion offers them and call
// tips show each overload. Qt Core only; immutable after loading, so every thread may read it.
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace clw::ui {

class OpenClBuiltins {
public:
    struct Entry {
        QString name;      // "vload4"
        QString signature; // "vload4(size_t offset, const gentype *p) -> gentype4"; the name alone
                           // for a constant
        QString section;   // "vector-load-store", "constants"
    };

    // The list embedded in the binary. Loaded on first use; a missing resource gives an empty
    // list and loadError() says why (the editor shows it in its status line).
    static const OpenClBuiltins& instance();
    // Parses the text of a builtins file (tests give their own).
    static OpenClBuiltins parse(const QString& text);

    const QList<Entry>& entries() const { return m_entries; }
    bool isFunction(QStringView word) const { return m_functions.contains(word.toString()); }
    bool isConstant(QStringView word) const { return m_constants.contains(word.toString()); }
    // Every overload's signature for a function name, in file order.
    QStringList overloads(const QString& name) const { return m_overloads.value(name); }
    int functionCount() const { return int(m_functions.size()); }
    const QString& loadError() const { return m_loadError; }

private:
    QList<Entry> m_entries;
    QSet<QString> m_functions;
    QSet<QString> m_constants;
    QHash<QString, QStringList> m_overloads;
    QString m_loadError;
};

} // namespace clw::ui
