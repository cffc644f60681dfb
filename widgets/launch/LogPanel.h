#pragma once
// The log dock (issue 9, point 4): what the session did, a timestamped line each: builds with
// their outcome, each run with its median time, sweeps with their best and worst local size,
// and errors with where they happened (coloured, so that they stand out). Read-only.
#include <QPointer>
#include <QWidget>

class QPlainTextEdit;
class QPushButton;

namespace clw::ui {

class SessionController;
struct RunRecord;
struct SweepResult;

class LogPanel : public QWidget {
    Q_OBJECT
public:
    enum class Level { Info, Warning, Error };
    Q_ENUM(Level)

    explicit LogPanel(QWidget* parent = nullptr);
    // Logs what the controller reports. The controller must outlive the panel.
    explicit LogPanel(SessionController& controller, QWidget* parent = nullptr);

    // The lines logged, as plain text ("12:04:31  Built in 12 ms").
    QString text() const;
    int lineCount() const;

    // The lines the controller's signals give (public so that other reporters can reuse them).
    static QString buildText(bool ok, const QString& message);
    static QString runText(const RunRecord& record);
    static QString sweepText(const SweepResult& result, const QString& launchName);

public Q_SLOTS:
    void append(clw::ui::LogPanel::Level level, const QString& text);
    void info(const QString& text) { append(Level::Info, text); }
    void warning(const QString& text) { append(Level::Warning, text); }
    void error(const QString& text) { append(Level::Error, text); }
    void clear();

private:
    QPointer<SessionController> m_controller;
    QPlainTextEdit* m_view = nullptr;
    QPushButton* m_clear = nullptr;
    // The error of the last failed build or run logged, not to log it again from errorOccurred.
    QString m_reportedError;
};

} // namespace clw::ui
