#include "capture/CaptureRequest.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace clw::ui {

QStringList CaptureRequest::commandArguments() const {
    QStringList command{QStringLiteral("capture")};
    for (const QString& kernel : kernels)
        command << QStringLiteral("--kernel") << kernel;
    command << QStringLiteral("--launch") << launch << QStringLiteral("--max-bytes") << maxBytes
            << QStringLiteral("--out") << outFolder << QStringLiteral("--") << program;
    return command + arguments;
}

QString CaptureRequest::problem() const {
    const auto tr = [](const char* text) {
        return QCoreApplication::translate("clw::ui::CaptureRequest", text);
    };
    if (program.trimmed().isEmpty())
        return tr("Give the program to run: its path, or a name found on PATH.");
    static const QRegularExpression launchForm(
        QStringLiteral("^(first|last|all|none|[1-9]\\d*|[1-9]\\d*\\.\\.[1-9]\\d*)$"));
    const QStringList ends = launch.split(QStringLiteral(".."));
    if (!launchForm.match(launch).hasMatch() ||
        (ends.size() == 2 && ends[0].toULongLong() > ends[1].toULongLong()))
        return tr("Launches: first, last, all, none, a launch's number (3) or a range (2..5).");
    static const QRegularExpression bytesForm(QStringLiteral("^\\d+[KMG]?i?B?$"),
                                              QRegularExpression::CaseInsensitiveOption);
    if (!bytesForm.match(maxBytes).hasMatch())
        return tr("Most bytes a launch: a number of bytes, or with K, M or G (64M).");
    for (const QString& line : environment)
        if (!line.contains(QLatin1Char('=')) || line.startsWith(QLatin1Char('=')))
            return tr("Environment: one NAME=VALUE a line (\"%1\" is not).").arg(line);
    if (outFolder.trimmed().isEmpty())
        return tr("Choose the folder the sessions are saved in.");
    return {};
}

} // namespace clw::ui
