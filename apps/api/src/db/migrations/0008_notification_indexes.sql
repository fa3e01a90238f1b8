CREATE INDEX "email_outbox_a_enviar_idx" ON "email_outbox" USING btree ("proxima_tentativa") WHERE estado = 'A_ENVIAR';--> statement-breakpoint
CREATE INDEX "email_outbox_dest_idx" ON "email_outbox" USING btree ("destinatario_tipo","destinatario_id");--> statement-breakpoint
CREATE INDEX "profissionais_bairro_idx" ON "profissionais" USING btree ("bairro");