#pragma once
// `clinfo --raw` read into maps, for tests that compare what the engine or the CLI reports with
// clinfo: each platform's parameters, each device's by clinfo's "[<ICD suffix>/<index>]" prefix,
// and the ICD loader's [OCLICD/*] lines. Qt Core only.
#include <QList>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QString>

namespace clw::test {

struct ClinfoRaw {
    QList<QMap<QString, QString>> platforms;       // per platform block, in order
    QMap<QString, QMap<QString, QString>> devices; // "[POCL/0]" -> parameter -> value
    QMap<QString, QString> icdLoader;              // "CL_ICDL_NAME" -> value ([OCLICD/*] lines)
};

// clinfo's output, or empty when it could not be run.
inline QString runClinfoRaw() {
    QProcess process;
    process.start(QStringLiteral("clinfo"), {QStringLiteral("--raw")});
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return {};
    return QString::fromUtf8(process.readAllStandardOutput());
}

inline ClinfoRaw parseClinfoRaw(const QString& output) {
    ClinfoRaw raw;
    static const QRegularExpression device(
        QStringLiteral(R"(^(\[[^\]]+/\d+\])\s+(CL_\w+)\s*(.*)$)"));
    static const QRegularExpression platform(QStringLiteral(R"(^\s+(CL_PLATFORM_\w+)\s*(.*)$)"));
    static const QRegularExpression loader(
        QStringLiteral(R"(^\[OCLICD/\*\]\s+(CL_ICDL_\w+)\s*(.*)$)"));
    for (const QString& line : output.split(QLatin1Char('\n'))) {
        if (const auto match = loader.match(line); match.hasMatch()) {
            raw.icdLoader[match.captured(1)] = match.captured(2).trimmed();
        } else if (const auto match = device.match(line); match.hasMatch()) {
            raw.devices[match.captured(1)][match.captured(2)] = match.captured(3).trimmed();
        } else if (const auto match = platform.match(line); match.hasMatch()) {
            // Each platform's block starts with its name.
            if (match.captured(1) == QLatin1String("CL_PLATFORM_NAME") || raw.platforms.isEmpty())
                raw.platforms.append(QMap<QString, QString>());
            raw.platforms.last()[match.captured(1)] = match.captured(2).trimmed();
        }
    }
    return raw;
}

// The names in "CL_A | CL_B" or "CL_A, CL_B"; "none" and CL_NONE count as no name.
inline QSet<QString> nameSet(const QString& text) {
    QSet<QString> names;
    for (const QString& part : text.split(QRegularExpression(QStringLiteral("[|,]")))) {
        const QString name = part.trimmed();
        if (!name.isEmpty() && name != QLatin1String("none") && name != QLatin1String("CL_NONE"))
            names.insert(name);
    }
    return names;
}

inline QString hexDigits(QString text) {
    text.remove(QRegularExpression(QStringLiteral("[^0-9a-fA-F]")));
    return text.toLower();
}

// The code in clinfo's "<printDeviceInfo:105: get number of X : error -30>", or 0.
inline int clinfoError(const QString& clinfo) {
    static const QRegularExpression error(QStringLiteral(R"(^<.*: error (-\d+)>$)"));
    const auto match = error.match(clinfo);
    return match.hasMatch() ? match.captured(1).toInt() : 0;
}

} // namespace clw::test
