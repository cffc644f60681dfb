#include "editor/language/CodeFormatter.h"

#include <QFileInfo>
#include <QPointer>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>

namespace clw::ui {

CodeFormatter::CodeFormatter(QObject* parent)
    : QObject(parent) {}

QString CodeFormatter::findProgram() {
    const QString named = qEnvironmentVariable("CLW_CLANG_FORMAT");
    if (!named.isEmpty())
        return QFileInfo(named).isAbsolute() ? (QFileInfo(named).isExecutable() ? named : QString())
                                             : QStandardPaths::findExecutable(named);
    for (const QString& name : {QStringLiteral("clang-format"), QStringLiteral("clang-format-14"),
                                QStringLiteral("clang-format-15")})
        if (const QString path = QStandardPaths::findExecutable(name); !path.isEmpty())
            return path;
    return {};
}

void CodeFormatter::format(const QString& text, const QString& path, Done done) {
    const QString program = findProgram();
    if (program.isEmpty()) {
        done({}, tr("clang-format not found: install clang-format to format kernels"));
        return;
    }
    auto* process = new QProcess(this);
    // The caller hears once: the process finished, failed to start, or ran past the limit.
    auto finish = std::make_shared<Done>(std::move(done));
    const auto answer = [finish](const QString& formatted, const QString& error) {
        if (*finish) {
            (*finish)(formatted, error);
            *finish = nullptr;
        }
    };
    connect(process, &QProcess::finished, this,
            [process, answer](int exitCode, QProcess::ExitStatus status) {
                process->deleteLater();
                if (status != QProcess::NormalExit || exitCode != 0) {
                    answer({},
                           tr("clang-format failed: %1")
                               .arg(QString::fromUtf8(process->readAllStandardError().trimmed())));
                    return;
                }
                answer(QString::fromUtf8(process->readAllStandardOutput()), {});
            });
    connect(
        process, &QProcess::errorOccurred, this, [process, answer](QProcess::ProcessError error) {
            if (error == QProcess::FailedToStart) {
                process->deleteLater();
                answer({}, tr("clang-format could not be started: %1").arg(process->errorString()));
            }
        });
    QTimer::singleShot(kTimeoutMs, process, [process, answer] {
        answer({}, tr("clang-format did not finish within %1 s").arg(kTimeoutMs / 1000));
        process->kill();
    });
    // .cl is not a name clang-format knows; as C it reads OpenCL C well.
    const QString assumed = QFileInfo(path).absolutePath() + QLatin1Char('/') +
                            QFileInfo(path).completeBaseName() + QStringLiteral(".c");
    process->start(program,
                   {QStringLiteral("--style=file"), QStringLiteral("--fallback-style=LLVM"),
                    QStringLiteral("--assume-filename=") + assumed});
    process->write(text.toUtf8());
    process->closeWriteChannel();
}

} // namespace clw::ui
