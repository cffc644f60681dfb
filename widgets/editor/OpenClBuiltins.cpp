#include "editor/OpenClBuiltins.h"

#include <QFile>

// The resource lives in a static library: its registration must be referenced to be linked in.
static void initOpenClResource() {
    Q_INIT_RESOURCE(opencl);
}

namespace clw::ui {

const OpenClBuiltins& OpenClBuiltins::instance() {
    static const OpenClBuiltins builtins = [] {
        initOpenClResource();
        QFile file(QStringLiteral(":/opencl/builtins.txt"));
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
            OpenClBuiltins empty;
            empty.m_loadError = QStringLiteral("The OpenCL builtin list is missing from the "
                                               "resources (%1): completion and builtin "
                                               "highlighting are off.")
                                    .arg(file.errorString());
            return empty;
        }
        return parse(QString::fromUtf8(file.readAll()));
    }();
    return builtins;
}

OpenClBuiltins OpenClBuiltins::parse(const QString& text) {
    OpenClBuiltins result;
    QString section;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString& raw : lines) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        if (line.startsWith(QLatin1Char('[')) && line.endsWith(QLatin1Char(']'))) {
            section = line.mid(1, line.size() - 2);
            continue;
        }
        const qsizetype paren = line.indexOf(QLatin1Char('('));
        Entry entry{paren < 0 ? line : line.left(paren).trimmed(), line, section};
        if (paren < 0) {
            result.m_constants.insert(entry.name);
        } else {
            result.m_functions.insert(entry.name);
            result.m_overloads[entry.name].append(line);
        }
        result.m_entries.append(std::move(entry));
    }
    return result;
}

} // namespace clw::ui
