CREATE TABLE "admin_figure_deltas" (
	"clientes" bigint DEFAULT 0 NOT NULL,
	"profissionais" bigint DEFAULT 0 NOT NULL,
	"projetos" bigint DEFAULT 0 NOT NULL,
	"projetos_espera" bigint DEFAULT 0 NOT NULL,
	"reviews_espera" bigint DEFAULT 0 NOT NULL,
	"verificacoes" bigint DEFAULT 0 NOT NULL,
	"por_conciliar" bigint DEFAULT 0 NOT NULL,
	"recebido_centimos" bigint DEFAULT 0 NOT NULL,
	"total_centimos" bigint DEFAULT 0 NOT NULL,
	"pagamentos_alteracoes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_figures" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"clientes" bigint DEFAULT 0 NOT NULL,
	"profissionais" bigint DEFAULT 0 NOT NULL,
	"projetos" bigint DEFAULT 0 NOT NULL,
	"projetos_espera" bigint DEFAULT 0 NOT NULL,
	"reviews_espera" bigint DEFAULT 0 NOT NULL,
	"verificacoes" bigint DEFAULT 0 NOT NULL,
	"por_conciliar" bigint DEFAULT 0 NOT NULL,
	"recebido_centimos" bigint DEFAULT 0 NOT NULL,
	"total_centimos" bigint DEFAULT 0 NOT NULL,
	"pagamentos_alteracoes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "admin_figures_one_row" CHECK ("admin_figures"."id" = 1)
);
--> statement-breakpoint
-- The back office's live figures kept by the database (decision 0006): each row change that moves one
-- appends its differences to admin_figure_deltas in the writer's own transaction (row triggers, most
-- filtered by WHEN so that other updates cost nothing); the admin's read folds them into the one row of
-- admin_figures. Appending, not updating a counter row, so that writers never wait for each other.
CREATE FUNCTION admin_figures_clientes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO admin_figure_deltas (clientes) VALUES (CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER admin_figures AFTER INSERT OR DELETE ON "clientes" FOR EACH ROW EXECUTE FUNCTION admin_figures_clientes();--> statement-breakpoint
CREATE FUNCTION admin_figures_profissionais() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint := 0;
  pendentes bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    n := n - 1;
    pendentes := pendentes - coalesce(OLD.verificacao = 'PENDENTE', false)::int;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    n := n + 1;
    pendentes := pendentes + coalesce(NEW.verificacao = 'PENDENTE', false)::int;
  END IF;
  INSERT INTO admin_figure_deltas (profissionais, verificacoes) VALUES (n, pendentes);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER admin_figures AFTER INSERT OR DELETE ON "profissionais" FOR EACH ROW EXECUTE FUNCTION admin_figures_profissionais();--> statement-breakpoint
CREATE TRIGGER admin_figures_verificacao AFTER UPDATE OF verificacao ON "profissionais" FOR EACH ROW
  WHEN (coalesce(OLD.verificacao = 'PENDENTE', false) <> coalesce(NEW.verificacao = 'PENDENTE', false))
  EXECUTE FUNCTION admin_figures_profissionais();--> statement-breakpoint
CREATE FUNCTION admin_figures_requests() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint := 0;
  espera bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    n := n - 1;
    espera := espera - (OLD.status = 'ESPERA')::int;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    n := n + 1;
    espera := espera + (NEW.status = 'ESPERA')::int;
  END IF;
  INSERT INTO admin_figure_deltas (projetos, projetos_espera) VALUES (n, espera);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER admin_figures AFTER INSERT OR DELETE ON "requests" FOR EACH ROW EXECUTE FUNCTION admin_figures_requests();--> statement-breakpoint
CREATE TRIGGER admin_figures_status AFTER UPDATE OF status ON "requests" FOR EACH ROW
  WHEN ((OLD.status = 'ESPERA') <> (NEW.status = 'ESPERA'))
  EXECUTE FUNCTION admin_figures_requests();--> statement-breakpoint
CREATE FUNCTION admin_figures_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  espera bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN espera := espera - (OLD.status = 'ESPERA')::int; END IF;
  IF TG_OP <> 'DELETE' THEN espera := espera + (NEW.status = 'ESPERA')::int; END IF;
  INSERT INTO admin_figure_deltas (reviews_espera) VALUES (espera);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER admin_figures_insert AFTER INSERT ON "reviews" FOR EACH ROW WHEN (NEW.status = 'ESPERA') EXECUTE FUNCTION admin_figures_reviews();--> statement-breakpoint
CREATE TRIGGER admin_figures_delete AFTER DELETE ON "reviews" FOR EACH ROW WHEN (OLD.status = 'ESPERA') EXECUTE FUNCTION admin_figures_reviews();--> statement-breakpoint
CREATE TRIGGER admin_figures_status AFTER UPDATE OF status ON "reviews" FOR EACH ROW
  WHEN ((OLD.status = 'ESPERA') <> (NEW.status = 'ESPERA'))
  EXECUTE FUNCTION admin_figures_reviews();--> statement-breakpoint
CREATE FUNCTION admin_figures_payments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recebido bigint := 0;
  total bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    recebido := recebido - CASE WHEN OLD.estado = 'PAGO' THEN OLD.valor_centimos ELSE 0 END;
    total := total - CASE WHEN OLD.estado IN ('PAGO', 'PENDENTE') THEN OLD.valor_centimos ELSE 0 END;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    recebido := recebido + CASE WHEN NEW.estado = 'PAGO' THEN NEW.valor_centimos ELSE 0 END;
    total := total + CASE WHEN NEW.estado IN ('PAGO', 'PENDENTE') THEN NEW.valor_centimos ELSE 0 END;
  END IF;
  -- pagamentos_alteracoes: one more change to the paid or pending payments (the payments page's totals
  -- per month and plan are kept under it).
  INSERT INTO admin_figure_deltas (recebido_centimos, total_centimos, pagamentos_alteracoes) VALUES (recebido, total, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER admin_figures_insert AFTER INSERT ON "payments" FOR EACH ROW WHEN (NEW.estado IN ('PAGO', 'PENDENTE')) EXECUTE FUNCTION admin_figures_payments();--> statement-breakpoint
CREATE TRIGGER admin_figures_delete AFTER DELETE ON "payments" FOR EACH ROW WHEN (OLD.estado IN ('PAGO', 'PENDENTE')) EXECUTE FUNCTION admin_figures_payments();--> statement-breakpoint
CREATE TRIGGER admin_figures_update AFTER UPDATE OF estado, valor_centimos, plano, criado_em ON "payments" FOR EACH ROW
  WHEN ((OLD.estado IN ('PAGO', 'PENDENTE') OR NEW.estado IN ('PAGO', 'PENDENTE'))
    AND (OLD.estado, OLD.valor_centimos, OLD.plano, OLD.criado_em) IS DISTINCT FROM (NEW.estado, NEW.valor_centimos, NEW.plano, NEW.criado_em))
  EXECUTE FUNCTION admin_figures_payments();--> statement-breakpoint
CREATE FUNCTION admin_figures_anomalias() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  abertas bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN abertas := abertas - (OLD.resolvido_em IS NULL)::int; END IF;
  IF TG_OP <> 'DELETE' THEN abertas := abertas + (NEW.resolvido_em IS NULL)::int; END IF;
  INSERT INTO admin_figure_deltas (por_conciliar) VALUES (abertas);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER admin_figures_insert AFTER INSERT ON "payment_anomalies" FOR EACH ROW WHEN (NEW.resolvido_em IS NULL) EXECUTE FUNCTION admin_figures_anomalias();--> statement-breakpoint
CREATE TRIGGER admin_figures_delete AFTER DELETE ON "payment_anomalies" FOR EACH ROW WHEN (OLD.resolvido_em IS NULL) EXECUTE FUNCTION admin_figures_anomalias();--> statement-breakpoint
CREATE TRIGGER admin_figures_update AFTER UPDATE OF resolvido_em ON "payment_anomalies" FOR EACH ROW
  WHEN ((OLD.resolvido_em IS NULL) <> (NEW.resolvido_em IS NULL))
  EXECUTE FUNCTION admin_figures_anomalias();--> statement-breakpoint
-- Counted afresh: here, after a load with triggers off (the benchmark's generator), or to repair. The
-- lock waits for every writer that has appended a difference to commit and holds new ones back until
-- this commits, so no change is both counted and appended. Each statement sees what committed before it.
CREATE FUNCTION admin_figures_recount() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE admin_figure_deltas IN EXCLUSIVE MODE;
  DELETE FROM admin_figure_deltas;
  INSERT INTO admin_figures AS f (id, clientes, profissionais, projetos, projetos_espera, reviews_espera, verificacoes, por_conciliar, recebido_centimos, total_centimos)
  SELECT 1,
    (SELECT count(*) FROM clientes),
    (SELECT count(*) FROM profissionais),
    (SELECT count(*) FROM requests),
    (SELECT count(*) FROM requests WHERE status = 'ESPERA'),
    (SELECT count(*) FROM reviews WHERE status = 'ESPERA'),
    (SELECT count(*) FROM profissionais WHERE verificacao = 'PENDENTE'),
    (SELECT count(*) FROM payment_anomalies WHERE resolvido_em IS NULL),
    (SELECT coalesce(sum(valor_centimos), 0) FROM payments WHERE estado = 'PAGO'),
    (SELECT coalesce(sum(valor_centimos), 0) FROM payments WHERE estado IN ('PAGO', 'PENDENTE'))
  ON CONFLICT (id) DO UPDATE SET clientes = excluded.clientes, profissionais = excluded.profissionais, projetos = excluded.projetos,
    projetos_espera = excluded.projetos_espera, reviews_espera = excluded.reviews_espera, verificacoes = excluded.verificacoes,
    por_conciliar = excluded.por_conciliar, recebido_centimos = excluded.recebido_centimos, total_centimos = excluded.total_centimos,
    -- Never back to a value already read: what was kept under it may be out of date.
    pagamentos_alteracoes = f.pagamentos_alteracoes + 1;
$$;--> statement-breakpoint
SELECT admin_figures_recount();
